import type { TOrderSummary } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateLabel } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { money } from '../catalog/format';
import { AccountLayout } from '../profile/AccountLayout';
import { listOrders } from './orders-api';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; orders: TOrderSummary[]; nextCursor: string | null };

/** The buyer's active orders (some store order still moving) and past ones, newest first. */
export function OrdersPage() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const [params] = useSearchParams();
  const state = params.get('state') === 'past' ? 'past' : 'active';
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    listOrders(state).then(
      (page) => current && setLoad({ state: 'ready', ...page }),
      () => current && setLoad({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [state]);

  async function more() {
    if (load.state !== 'ready' || !load.nextCursor) return;
    const page = await listOrders(state, load.nextCursor);
    setLoad({ state: 'ready', orders: [...load.orders, ...page.orders], nextCursor: page.nextCursor });
  }

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
      {load.state === 'loading' ? (
        <p className="mt-6" role="status">
          {t('common.loading')}
        </p>
      ) : load.state === 'failed' ? (
        <p className="mt-6 rounded-2xl bg-clay-50 p-4 text-clay-800 first-letter:uppercase" role="alert">
          {t('orders.failed')}
        </p>
      ) : load.orders.length === 0 ? (
        <p className="mt-6 text-ink-muted" data-testid="orders-none">
          {t('orders.none')}
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {load.orders.map((order) => (
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
      {load.state === 'ready' && load.nextCursor ? (
        <Button variant="secondary" className="mt-4" onClick={() => void more()}>
          {t('orders.more')}
        </Button>
      ) : null}
    </AccountLayout>
  );
}
