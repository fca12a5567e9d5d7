import type { TWallet, TWalletTransaction } from '@tessera/contracts';
import { useTranslation } from '../../lib/i18n/react';
import { useRevalidator } from 'react-router';
import { useMorePages } from '../../lib/more-pages';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { LoadFailed } from '../../ui/PageState';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { money } from '../catalog/format';
import { AccountLayout, Panel } from '../profile/AccountLayout';
import { TopUpForm } from './TopUpForm';
import { LedgerList, LedgerRow } from './ledger';
import { getWallet } from './wallet-api';

/**
 * The wallet (seed §3 Wallet labels): balance, current credit, recent transactions, and a top-up by card.
 * The route's clientLoader reads it (null for a guest, whom useBuyerAccount sends to the login page, or
 * when the read failed); older transactions come page by page ("more", useMorePages). A top-up is a
 * card payment run by the form (docs/web.md "Kept as plain api calls"); once it is done the loader reads
 * the wallet again.
 */
export function WalletPage({ wallet }: { wallet: TWallet | null }) {
  const { t } = useTranslation();
  const account = useBuyerAccount();
  const revalidator = useRevalidator();

  if (!account.profile) return <AccountLoading failed={account.failed} />;
  return (
    <AccountLayout title={t('wallet.title')} lead={t('wallet.lead')} testId="wallet-page">
      {wallet === null ? (
        <LoadFailed onRetry={() => void revalidator.revalidate()} />
      ) : (
        <Wallet wallet={wallet} onToppedUp={() => void revalidator.revalidate()} />
      )}
    </AccountLayout>
  );
}

function Wallet({ wallet, onToppedUp }: { wallet: TWallet; onToppedUp(): void }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  // The pages read after the first go when the newest transaction changes (a top-up, a payment): the
  // list starts again from the loader's first page, as it did when a top-up answered the new wallet.
  const transactions = useMorePages(wallet.recentTransactions[0]?.id ?? '', { rows: wallet.recentTransactions, cursor: wallet.nextCursor }, async (cursor) => {
    const page = await getWallet(cursor);
    return { rows: page.recentTransactions, cursor: page.nextCursor };
  });

  return (
    <div className="space-y-6">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-3xl bg-moss-800 p-5 text-white">
          <dt className="text-sm text-moss-100">{t('wallet.balance')}</dt>
          <dd className="mt-1 text-3xl font-semibold tabular-nums" data-testid="wallet-balance">
            {money(wallet.balance, language)}
          </dd>
          {wallet.balanceInRequestedCurrency.currency !== wallet.balance.currency ? (
            <dd className="mt-1 text-sm text-moss-100 tabular-nums">≈ {money(wallet.balanceInRequestedCurrency, language)}</dd>
          ) : null}
        </div>
        <div className="rounded-3xl border border-sand-200 bg-white p-5">
          <dt className="text-sm text-ink-muted">{t('wallet.currentCredit')}</dt>
          <dd className="mt-1 text-3xl font-semibold tabular-nums text-moss-900" data-testid="wallet-credit">
            {money(wallet.currentCredit, language)}
          </dd>
        </div>
      </dl>

      <Panel title={t('wallet.topUpTitle')} id="wallet-topup">
        <TopUpForm currency={wallet.balance.currency} onDone={onToppedUp} />
      </Panel>

      <Panel title={t('wallet.recentTransactions')} id="wallet-transactions">
        <LedgerList
          entries={transactions.rows}
          empty={t('wallet.none')}
          testId="wallet-transactions"
          row={(entry) => <TransactionRow key={entry.id} entry={entry} language={language} />}
        />
        {transactions.error ? (
          <div className="mt-4">
            <LoadFailed />
          </div>
        ) : null}
        {transactions.cursor ? (
          <Button variant="secondary" className="mt-4" onClick={() => void transactions.more()}>
            {t('orders.more')}
          </Button>
        ) : null}
      </Panel>
    </div>
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
