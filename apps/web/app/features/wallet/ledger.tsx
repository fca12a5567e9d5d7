import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import type { Language } from '@tessera/contracts';
import { formatDate } from '../catalog/format';

/**
 * One line of a ledger (wallet transactions, bonus points): what happened, when, for which order, the
 * signed amount and the balance after it.
 */
export function LedgerRow({
  title,
  createdAt,
  orderId,
  amount,
  incoming,
  balanceAfter,
  language,
  testId,
  kind,
  amountTestId,
  className = '',
}: {
  title: ReactNode;
  createdAt: number;
  orderId: string | null | undefined;
  /** Already formatted, without its sign. */
  amount: string;
  incoming: boolean;
  balanceAfter: string;
  language: Language;
  testId: string;
  kind?: string;
  amountTestId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="flex items-start justify-between gap-4 py-3" data-testid={testId} data-kind={kind}>
      <div className={className}>
        <p className="font-semibold text-moss-900">{title}</p>
        <p className="text-sm text-ink-muted">
          {formatDate(createdAt, language)}
          {orderId ? (
            <>
              {' · '}
              <Link to={`/profile/orders/${encodeURIComponent(orderId)}`} className="underline">
                {t('orders.orderId')} <bdi dir="ltr">{orderId}</bdi>
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <div className="shrink-0 text-end">
        <p className={`font-semibold tabular-nums ${incoming ? 'text-moss-700' : 'text-clay-700'}`} data-testid={amountTestId}>
          <bdi dir="ltr">{(incoming ? '+' : '') + amount}</bdi>
        </p>
        <p className="text-xs text-ink-muted tabular-nums">{balanceAfter}</p>
      </div>
    </li>
  );
}

/** A ledger's lines (wallet transactions, bonus points), or the line saying there are none yet. */
export function LedgerList<T>({ entries, empty, testId, row }: { entries: readonly T[]; empty: ReactNode; testId: string; row: (entry: T) => ReactNode }) {
  return entries.length === 0 ? (
    <p className="text-ink-muted">{empty}</p>
  ) : (
    <ul className="divide-y divide-sand-200" data-testid={testId}>
      {entries.map(row)}
    </ul>
  );
}
