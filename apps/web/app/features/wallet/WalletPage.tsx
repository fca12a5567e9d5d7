import type { TWallet, TWalletTransaction } from '@tessera/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { money } from '../catalog/format';
import { AccountLayout, Panel } from '../profile/AccountLayout';
import { TopUpForm } from './TopUpForm';
import { LedgerLoad, LedgerRow } from './ledger';
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
      <LedgerLoad load={load} failed={t('wallet.failed')}>
        {(ready) => (
          <div className="space-y-6">
            <dl className="grid gap-3 sm:grid-cols-2">
              <div className="rounded-3xl bg-moss-800 p-5 text-white">
                <dt className="text-sm text-moss-100">{t('wallet.balance')}</dt>
                <dd className="mt-1 text-3xl font-semibold tabular-nums" data-testid="wallet-balance">
                  {money(ready.wallet.balance, language)}
                </dd>
                {ready.wallet.balanceInRequestedCurrency.currency !== ready.wallet.balance.currency ? (
                  <dd className="mt-1 text-sm text-moss-100 tabular-nums">≈ {money(ready.wallet.balanceInRequestedCurrency, language)}</dd>
                ) : null}
              </div>
              <div className="rounded-3xl border border-sand-200 bg-white p-5">
                <dt className="text-sm text-ink-muted">{t('wallet.currentCredit')}</dt>
                <dd className="mt-1 text-3xl font-semibold tabular-nums text-moss-900" data-testid="wallet-credit">
                  {money(ready.wallet.currentCredit, language)}
                </dd>
              </div>
            </dl>

            <Panel title={t('wallet.topUpTitle')} id="wallet-topup">
              <TopUpForm currency={ready.wallet.balance.currency} onDone={(wallet) => setLoad({ state: 'ready', wallet })} />
            </Panel>

            <Panel title={t('wallet.recentTransactions')} id="wallet-transactions">
              {ready.wallet.recentTransactions.length === 0 ? (
                <p className="text-ink-muted">{t('wallet.none')}</p>
              ) : (
                <ul className="divide-y divide-sand-200" data-testid="wallet-transactions">
                  {ready.wallet.recentTransactions.map((entry) => (
                    <TransactionRow key={entry.id} entry={entry} language={language} />
                  ))}
                </ul>
              )}
              {ready.wallet.nextCursor ? (
                <Button variant="secondary" className="mt-4" onClick={() => void more()}>
                  {t('orders.more')}
                </Button>
              ) : null}
            </Panel>
          </div>
        )}
      </LedgerLoad>
    </AccountLayout>
  );
}

function TransactionRow({ entry, language }: { entry: TWalletTransaction; language: ReturnType<typeof usePreferences>['language'] }) {
  const { t } = useTranslation();
  return (
    <LedgerRow
      testId="wallet-transaction"
      kind={entry.kind}
      className="min-w-0"
      title={
        <>
          <span className="me-2 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-bold tracking-wide text-moss-800" data-testid="wallet-type">
            {entry.type}
          </span>
          {t(`wallet.kind.${entry.kind}`)}
        </>
      }
      createdAt={entry.createdAt}
      orderId={entry.orderId}
      amount={money(entry.amount, language)}
      incoming={entry.amount.amount >= 0}
      amountTestId="wallet-amount"
      balanceAfter={t('wallet.balanceAfter', { amount: money(entry.balanceAfter, language) })}
      language={language}
    />
  );
}
