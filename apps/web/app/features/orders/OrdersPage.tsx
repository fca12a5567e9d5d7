import type { TOrderSummary } from '@tessera/contracts';
import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { formatDateLabel } from '../../lib/format';
import { useMorePages } from '../../lib/more-pages';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { Empty, LoadFailed } from '../../ui/PageState';
import { money } from '../catalog/format';
import { AccountLayout } from '../profile/AccountLayout';
import { listOrders } from './orders-api';

export type OrdersState = 'active' | 'past';
export type OrdersFirstPage = { orders: TOrderSummary[]; nextCursor: string | null };

/** The tab in the address (`?state=past`), active orders otherwise. */
export const ordersState = (url: string): OrdersState => (new URL(url).searchParams.get('state') === 'past' ? 'past' : 'active');

/**
 * The buyer's active orders (some store order still moving) and past ones, newest first. The first page
 * is the route's loader's (routes/profile-orders.tsx); "more" adds the next ones.
 */
export function OrdersPage({ state, first }: { state: OrdersState; first: OrdersFirstPage }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const list = useMorePages(state, { rows: first.orders, cursor: first.nextCursor }, async (cursor) => {
    const page = await listOrders(state, cursor);
    return { rows: page.orders, cursor: page.nextCursor };
  });

  const tab = (value: 'active' | 'past') =>
    `rounded-full px-4 py-2 text-sm font-semibold ${state === value ? 'bg-moss-800 text-white' : 'bg-white text-moss-800 hover:bg-moss-50'}`;
  return (
    <AccountLayout title={t('orders.title')} testId="orders-page">
      <nav className="flex gap-2" aria-label={t('orders.title')}>
        <Link to="?state=active" className={tab('active')} aria-current={state === 'active' ? 'page' : undefined}>
          {t('orders.active')}
        </Link>
        <Link to="?state=past" className={tab('past')} aria-current={state === 'past' ? 'page' : undefined}>
          {t('orders.past')}
        </Link>
      </nav>
      {list.rows.length === 0 ? (
        <Empty testId="orders-none">{t('orders.none')}</Empty>
      ) : (
        <ul className="mt-6 space-y-3">
          {list.rows.map((order) => (
            <li key={order.orderId} className="rounded-3xl border border-sand-200 bg-white p-5" data-testid="order-summary">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/profile/orders/${encodeURIComponent(order.orderId)}`} className="font-semibold text-moss-800 hover:underline">
                  {t('orders.open')} · {formatDateLabel(order.orderedAt, language)}
                </Link>
                <span className="font-semibold tabular-nums">{money(order.total, language)}</span>
              </div>
              <ul className="mt-2 flex flex-wrap gap-2 text-sm">
                {order.storeOrders.map((storeOrder) => (
                  <li key={storeOrder.storeOrderId} className="rounded-full bg-sand-100 px-3 py-1">
                    <bdi>{storeOrder.storeName}</bdi> · {t(`orders.status_${storeOrder.status}`)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {list.error ? <LoadFailed /> : null}
      {list.cursor ? (
        <Button variant="secondary" className="mt-4" onClick={() => void list.more()}>
          {t('orders.more')}
        </Button>
      ) : null}
    </AccountLayout>
  );
}
