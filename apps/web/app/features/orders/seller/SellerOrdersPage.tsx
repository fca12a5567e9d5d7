import { STORE_ORDER_STATUSES, type StoreOrderStatus, type TStoreOrder, type TStoreTotals } from '@tessera/contracts';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useRevalidator, useSearchParams } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { Container } from '../../../ui/Container';
import { money } from '../../catalog/format';
import { errorText } from '../../../lib/errors';
import { Card, PageTitle } from '../../../ui/bits';
import { OrderLinks, OrderProblem, StatusBadge, StatusFilter, when } from '../order-bits';
import { useMorePages } from '../../../lib/more-pages';
import { listStoreOrders } from './seller-orders-api';

/**
 * Refetch period of the list: a new order has no topic of its own that the seller could follow
 * (Order/{orderId} exists only once the order does), so the list reads again every so often and
 * whenever the tab is shown again.
 */
const REFRESH_MS = 15_000;

/** The list's filters, from the address (`?status=packed&requests=1`): a link or a reload shows the same list. */
export interface SellerOrderFilters {
  status: StoreOrderStatus | '';
  cancelRequests: boolean;
}

export function sellerOrderFilters(url: string): SellerOrderFilters {
  const params = new URL(url).searchParams;
  const status = params.get('status') ?? '';
  return {
    status: (STORE_ORDER_STATUSES as readonly string[]).includes(status) ? (status as StoreOrderStatus) : '',
    cancelRequests: params.get('requests') === '1',
  };
}

/** The seller portal's orders: the store's totals and payout, and its store orders filtered by state. */
export function SellerOrdersPage({
  filters,
  first,
  totals,
}: {
  filters: SellerOrderFilters;
  first: { storeOrders: TStoreOrder[]; nextCursor: string | null };
  totals: TStoreTotals | null;
}) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('portal');
  const { language } = usePreferences();
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const { status, cancelRequests: requests } = filters;
  const list = useMorePages(`${status}:${requests}`, { rows: first.storeOrders, cursor: first.nextCursor }, async (cursor) => {
    const page = await listStoreOrders({ status: status || undefined, cancelRequests: requests, cursor });
    return { rows: page.storeOrders, cursor: page.nextCursor };
  });
  const filter = (next: SellerOrderFilters) =>
    setSearchParams({ ...(next.status ? { status: next.status } : {}), ...(next.cancelRequests ? { requests: '1' } : {}) }, { replace: true });

  // The loader reads the list and the totals again (revalidation).
  const { revalidate } = revalidator;
  useEffect(() => {
    const refresh = () => document.visibilityState === 'visible' && void revalidate();
    const timer = window.setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [revalidate]);

  return (
    <Container className="py-6 sm:py-8">
      <PageTitle title={t('portalOrders.nav')} lead={t('portalOrders.sellerLead')} />
      {totals ? (
        <Card className="mb-6" data-testid="seller-order-summary">
          <h2 className="text-lg font-semibold">{t('portalOrders.summary')}</h2>
          <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
            {(['earned', 'pending', 'refunded'] as const).map((part) => (
              <div key={part} className="rounded-xl bg-sand-50 p-3">
                <dt className="text-sm text-ink-muted">{t(`portalOrders.${part}`)}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid={`payout-${part}`}>
                  {money(totals.payout[part], language)}
                </dd>
              </div>
            ))}
          </dl>
          {totals.byStatus.length ? (
            <ul className="mt-3 flex flex-wrap gap-2 text-sm">
              {totals.byStatus.map((row) => (
                <li key={`${row.status}-${row.total.currency}`} className="flex items-center gap-1.5">
                  <StatusBadge status={row.status} />
                  <span className="tabular-nums">
                    {row.count} · {money(row.total, language)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
      ) : null}

      <div className="mb-4 flex flex-wrap items-end gap-4">
        <StatusFilter value={status} onPick={(picked) => filter({ ...filters, status: picked })} className="w-56" data-testid="status-filter" />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            checked={requests}
            onChange={(event) => filter({ ...filters, cancelRequests: event.target.checked })}
            className="h-4 w-4 accent-moss-700"
          />
          {t('portalOrders.cancelRequests')}
        </label>
      </div>

      <OrderLinks
        rows={list.rows}
        href={(so) => `/seller/orders/${encodeURIComponent(so.storeOrderId)}`}
        rowKey={(so) => so.storeOrderId}
        rowClassName="flex flex-wrap items-center gap-x-4 gap-y-2"
        listTestId="seller-orders"
        rowTestId="seller-order-row"
        emptyTestId="seller-orders-empty"
        hasMore={Boolean(list.cursor)}
        onMore={() => void list.more()}
      >
        {(so) => (
          <>
            <div className="min-w-0 flex-1">
              <p className="font-mono text-sm break-all">{so.storeOrderId}</p>
              <p className="text-sm text-ink-muted">
                {when(so.history[0]?.at ?? so.updatedAt, language)} ·{' '}
                {so.deliveryMode === 'DELIVERY' ? t('portalOrders.deliveryMode') : t('portalOrders.selfPickup')} · {t('portalOrders.items')}:{' '}
                {so.items.reduce((n, line) => n + line.quantity, 0)}
              </p>
              {so.items.some((line) => line.status === 'cancel_requested') ? (
                <p className="text-sm font-semibold text-clay-700">{t('portalOrders.cancelRequests')}</p>
              ) : null}
            </div>
            <StatusBadge status={so.status} testId="seller-order-status" />
            <span className="w-28 text-end font-semibold tabular-nums">{money(so.storeTotal, language)}</span>
          </>
        )}
      </OrderLinks>
      <OrderProblem message={list.error ? errorText(list.error, tp) : null} testId="seller-orders-error" />
    </Container>
  );
}
