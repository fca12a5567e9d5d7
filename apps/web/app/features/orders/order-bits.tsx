import { STORE_ORDER_STATUSES, type Language, type StoreOrderStatus, type TStoreOrder } from '@tessera/contracts';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { formatDateLabel, formatTime } from '../../lib/format';
import { money } from '../catalog/format';
import { Button } from '../../ui/Button';
import { Badge, Notice, type Tone } from '../../ui/bits';
import { Empty } from '../../ui/PageState';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';

/** Pieces shared by the buyer's, the seller portal's and the admin console's order screens. */

/** The link above an order page back to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="text-sm">
      <Link to={to} className="font-semibold text-moss-700 hover:underline">
        {children}
      </Link>
    </p>
  );
}

/** A refusal or failure of an order page, in the server's words. */
export function OrderProblem({ message, testId }: { message: string | null | undefined; testId: string }) {
  if (!message) return null;
  return (
    <Notice tone="rejected" live testId={testId}>
      {message}
    </Notice>
  );
}

/**
 * The form of a dialog that asks why (the seller's cancel, the team's refund): a reason, optional
 * comments, what `children` adds, then keep and confirm.
 */
export function ReasonForm({
  reason,
  comments,
  onReason,
  onComments,
  onKeep,
  onConfirm,
  confirm,
  confirmTestId,
  busy,
  lead,
  children,
}: {
  reason: string;
  comments: string;
  onReason(value: string): void;
  onComments(value: string): void;
  onKeep(): void;
  onConfirm(): void;
  confirm: string;
  confirmTestId: string;
  busy: boolean;
  /** Shown above the reason (the amount of a refund). */
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      {lead}
      <TextField label={t('portalOrders.reason')} value={reason} onChange={(event) => onReason(event.target.value)} maxLength={200} name="reason" />
      <TextAreaField
        label={t('portalOrders.comments')}
        optional
        value={comments}
        onChange={(event) => onComments(event.target.value)}
        maxLength={1000}
        name="comments"
      />
      {children}
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onKeep}>
          {t('portalOrders.keep')}
        </Button>
        <Button type="submit" disabled={busy || !reason.trim()} data-testid={confirmTestId}>
          {confirm}
        </Button>
      </div>
    </form>
  );
}

const TONE: Record<StoreOrderStatus, Tone> = {
  placed: 'pending',
  accepted: 'pending',
  packed: 'pending',
  out_for_delivery: 'pending',
  ready_for_pickup: 'pending',
  delivered: 'approved',
  picked_up: 'approved',
  cancelled: 'rejected',
  refunded: 'neutral',
};

export function StatusBadge({ status, testId }: { status: StoreOrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={TONE[status]} {...(testId ? { testId } : {})}>
      {t(`orders.status_${status}`)}
    </Badge>
  );
}

export const when = (ms: number, language: Language) => `${formatDateLabel(ms, language)} ${formatTime(ms, language)}`;

/**
 * A store order's items with their product order ids, quantities and amounts. On a phone each
 * item is a card of its own (title, variant, product order id, then quantity × price and the
 * line's total on one line) so that a long title keeps the whole width; from `sm` up, one row each.
 */
export function ItemsTable({
  storeOrder,
  language,
  actions,
}: {
  storeOrder: TStoreOrder;
  language: Language;
  actions?: (line: TStoreOrder['items'][number]) => React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ul className="mt-3 grid gap-3 sm:mt-0 sm:block sm:divide-y sm:divide-sand-200">
      {storeOrder.items.map((line) => {
        const variant = [line.colour, line.size].filter(Boolean).join(' · ');
        return (
          <li
            key={line.productOrderId}
            className="flex flex-col gap-2 rounded-xl border border-sand-200 p-3 sm:flex-row sm:flex-wrap sm:items-start sm:gap-x-4 sm:gap-y-1 sm:rounded-none sm:border-0 sm:px-0"
            data-testid="order-item"
          >
            <div className="min-w-0 sm:flex-1">
              <p className="break-words font-semibold" dir="auto">
                {line.title}
                {variant ? <span className="hidden font-normal text-ink-muted sm:inline"> · {variant}</span> : null}
              </p>
              {variant ? (
                <p className="text-sm text-ink-muted sm:hidden" dir="auto">
                  {variant}
                </p>
              ) : null}
              <p className="break-all text-xs text-ink-muted">
                {t('orders.productOrderId')}: <span className="font-mono">{line.productOrderId}</span>
              </p>
              {line.status === 'cancelled' ? <p className="text-xs font-semibold text-clay-700">{t('orders.lineCancelled')}</p> : null}
            </div>
            <div className="flex items-baseline justify-between gap-3 border-t border-sand-100 pt-2 sm:contents">
              <p className="tabular-nums text-sm">
                {line.quantity} × {money(line.unitPrice, language)}
              </p>
              <p className="text-end font-semibold tabular-nums sm:w-28">{money(line.lineTotal, language)}</p>
            </div>
            {actions ? <div className="basis-full">{actions(line)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Who changed what and when, oldest first. */
export function HistoryList({ history, language }: { history: TStoreOrder['history']; language: Language }) {
  const { t } = useTranslation();
  const label = (to: string) =>
    to.startsWith('item_') || to === 'cancel_requested'
      ? t(`portalOrders.event_${to}` as 'portalOrders.event_item_cancelled')
      : t(`orders.status_${to}` as 'orders.status_placed');
  return (
    <ol className="space-y-2 text-sm" data-testid="order-history">
      {history.map((entry, index) => (
        <li key={index} className="flex flex-wrap gap-x-2">
          <span className="font-semibold">{label(entry.to)}</span>
          <span className="text-ink-muted">
            {t(`portalOrders.actor_${entry.actor}`)} · {when(entry.at, language)}
          </span>
          {entry.reason ? (
            <span className="basis-full text-ink-muted" dir="auto">
              {entry.reason}
              {entry.comments ? ` — ${entry.comments}` : ''}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The store-order state filter of the seller's and the team's order lists ("all states" first). */
export function StatusFilter({
  value,
  onPick,
  ...select
}: { value: StoreOrderStatus | ''; onPick(status: StoreOrderStatus | ''): void } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange' | 'className'
> & { className?: string }) {
  const { t } = useTranslation();
  return (
    <SelectField label={t('portalOrders.state')} optional value={value} onChange={(event) => onPick(event.target.value as StoreOrderStatus | '')} {...select}>
      <option value="">{t('portalOrders.allStates')}</option>
      {STORE_ORDER_STATUSES.map((s) => (
        <option key={s} value={s}>
          {t(`orders.status_${s}`)}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * A portal's list of orders, each row a link to its page, with the shared empty state and the
 * "more" button (rows from useMorePages).
 */
export function OrderLinks<T>({
  rows,
  href,
  rowKey,
  rowClassName,
  listTestId,
  rowTestId,
  emptyTestId,
  hasMore,
  onMore,
  children,
}: {
  rows: T[];
  href(row: T): string;
  rowKey(row: T): string;
  rowClassName: string;
  listTestId: string;
  rowTestId: string;
  emptyTestId: string;
  hasMore: boolean;
  onMore(): void;
  children(row: T): ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {rows.length === 0 ? (
        <Empty testId={emptyTestId}>{t('portalOrders.none')}</Empty>
      ) : (
        <ul className="space-y-3" data-testid={listTestId}>
          {rows.map((row) => (
            <li key={rowKey(row)}>
              <Link
                to={href(row)}
                className={`rounded-2xl border border-sand-200 bg-white p-4 shadow-sm hover:border-moss-300 ${rowClassName}`}
                data-testid={rowTestId}
              >
                {children(row)}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {hasMore ? (
        <Button variant="secondary" className="mt-4" onClick={onMore}>
          {t('portalOrders.more')}
        </Button>
      ) : null}
    </>
  );
}
