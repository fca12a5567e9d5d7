import type { TWallet, TWalletTransaction } from '@tessera/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { formatDate, money } from '../catalog/format';
import { AccountLayout, Panel } from '../profile/AccountLayout';
import { TopUpForm } from './TopUpForm';
import { getWallet } from './wallet-api';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; wallet: TWallet };

/** The wallet (seed §3 Wallet labels): balance, current credit, recent transactions, and a top-up by card. */
export function WalletPage() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const account = useBuyerAccount();
  const signedIn = Boolean(account.profile);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const reload = useCallback(async () => {
    try {
      setLoad({ state: 'ready', wallet: await getWallet() });
    } catch {
      setLoad({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    if (signedIn) void reload();
  }, [signedIn, reload]);

  async function more() {
    if (load.state !== 'ready' || !load.wallet.nextCursor) return;
    const page = await getWallet(load.wallet.nextCursor);
    setLoad({ state: 'ready', wallet: { ...page, recentTransactions: [...load.wallet.recentTransactions, ...page.recentTransactions] } });
  }

  if (!account.profile) return <AccountLoading failed={account.failed} />;
  return (
    <AccountLayout title={t('wallet.title')} lead={t('wallet.lead')} testId="wallet-page">
      {load.state === 'loading' ? (
        <p role="status">{t('common.loading')}</p>
      ) : load.state === 'failed' ? (
        <p className="rounded-2xl bg-clay-50 p-4 text-clay-800" role="alert">
          {t('wallet.failed')}
        </p>
      ) : (
        <div className="space-y-6">
          <dl className="grid gap-3 sm:grid-cols-2">
            <div className="rounded-3xl bg-moss-800 p-5 text-white">
              <dt className="text-sm text-moss-100">{t('wallet.balance')}</dt>
              <dd className="mt-1 text-3xl font-semibold tabular-nums" data-testid="wallet-balance">
                {money(load.wallet.balance, language)}
              </dd>
              {load.wallet.balanceInRequestedCurrency.currency !== load.wallet.balance.currency ? (
                <dd className="mt-1 text-sm text-moss-100 tabular-nums">≈ {money(load.wallet.balanceInRequestedCurrency, language)}</dd>
              ) : null}
            </div>
            <div className="rounded-3xl border border-sand-200 bg-white p-5">
              <dt className="text-sm text-ink-muted">{t('wallet.currentCredit')}</dt>
              <dd className="mt-1 text-3xl font-semibold tabular-nums text-moss-900" data-testid="wallet-credit">
                {money(load.wallet.currentCredit, language)}
              </dd>
            </div>
          </dl>

          <Panel title={t('wallet.topUpTitle')} id="wallet-topup">
            <TopUpForm currency={load.wallet.balance.currency} onDone={(wallet) => setLoad({ state: 'ready', wallet })} />
          </Panel>

          <Panel title={t('wallet.recentTransactions')} id="wallet-transactions">
            {load.wallet.recentTransactions.length === 0 ? (
              <p className="text-ink-muted">{t('wallet.none')}</p>
            ) : (
              <ul className="divide-y divide-sand-200" data-testid="wallet-transactions">
                {load.wallet.recentTransactions.map((entry) => (
                  <TransactionRow key={entry.id} entry={entry} language={language} />
                ))}
              </ul>
            )}
            {load.wallet.nextCursor ? (
              <Button variant="secondary" className="mt-4" onClick={() => void more()}>
                {t('orders.more')}
              </Button>
            ) : null}
          </Panel>
        </div>
      )}
    </AccountLayout>
  );
}

function TransactionRow({ entry, language }: { entry: TWalletTransaction; language: ReturnType<typeof usePreferences>['language'] }) {
  const { t } = useTranslation();
  const incoming = entry.amount.amount >= 0;
  return (
    <li className="flex items-start justify-between gap-4 py-3" data-testid="wallet-transaction" data-kind={entry.kind}>
      <div className="min-w-0">
        <p className="font-semibold text-moss-900">
          <span className="me-2 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-bold tracking-wide text-moss-800" data-testid="wallet-type">
            {entry.type}
          </span>
          {t(`wallet.kind.${entry.kind}`)}
        </p>
        <p className="text-sm text-ink-muted">
          {formatDate(entry.createdAt, language)}
          {entry.orderId ? (
            <>
              {' · '}
              <Link to={`/profile/orders/${encodeURIComponent(entry.orderId)}`} className="underline">
                {t('orders.orderId')} <bdi dir="ltr">{entry.orderId}</bdi>
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <div className="shrink-0 text-end">
        <p className={`font-semibold tabular-nums ${incoming ? 'text-moss-700' : 'text-clay-700'}`} data-testid="wallet-amount">
          <bdi dir="ltr">{(incoming ? '+' : '') + money(entry.amount, language)}</bdi>
        </p>
        <p className="text-xs text-ink-muted tabular-nums">{t('wallet.balanceAfter', { amount: money(entry.balanceAfter, language) })}</p>
      </div>
    </li>
  );
}
