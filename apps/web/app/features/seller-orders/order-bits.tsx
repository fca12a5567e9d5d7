import type { Language, StoreOrderStatus, TStoreOrder } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateLabel, formatTime } from '../../lib/format';
import { money } from '../catalog/format';
import { Badge, type Tone } from '../portal/ui/bits';

/** Pieces shared by the seller portal's and the admin console's order screens. */

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

/** A store order's items with their product order ids, quantities and amounts. */
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
    <ul className="divide-y divide-sand-200">
      {storeOrder.items.map((line) => (
        <li key={line.productOrderId} className="flex flex-wrap items-start gap-x-4 gap-y-1 py-3" data-testid="order-item">
          <div className="min-w-0 flex-1">
            <p className="font-semibold" dir="auto">
              {line.title}
              {line.colour || line.size ? <span className="font-normal text-ink-muted"> · {[line.colour, line.size].filter(Boolean).join(' · ')}</span> : null}
            </p>
            <p className="text-xs text-ink-muted">
              {t('orders.productOrderId')}: <span className="font-mono">{line.productOrderId}</span>
            </p>
            {line.status === 'cancelled' ? <p className="text-xs font-semibold text-clay-700">{t('orders.lineCancelled')}</p> : null}
          </div>
          <p className="tabular-nums text-sm">
            {line.quantity} × {money(line.unitPrice, language)}
          </p>
          <p className="w-28 text-end font-semibold tabular-nums">{money(line.lineTotal, language)}</p>
          {actions ? <div className="basis-full">{actions(line)}</div> : null}
        </li>
      ))}
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
