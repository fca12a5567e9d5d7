import { STORE_ORDER_STATUSES, type StoreOrderStatus, type TStoreOrder } from '@tessera/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { Container } from '../../../ui/Container';
import { money } from '../../catalog/format';
import { errorText } from '../../../lib/errors';
import { useResource } from '../../../lib/resource';
import { usePortalSession } from '../../portal-shell/session';
import { Card, Notice, PageTitle, Spinner } from '../../../ui/bits';
import { SelectField } from '../../../ui/fields';
import { StatusBadge, when } from '../order-bits';
import { listStoreOrders, storeTotals } from './seller-orders-api';

/**
 * Refetch period of the list: a new order has no topic of its own that the seller could follow
 * (Order/{orderId} exists only once the order does), so the list reads again every so often and
 * whenever the tab is shown again.
 */
const REFRESH_MS = 15_000;

/** The seller portal's orders: the store's totals and payout, and its store orders filtered by state. */
export function SellerOrdersPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const [status, setStatus] = useState<StoreOrderStatus | ''>('');
  const [requests, setRequests] = useState(false);
  const [more, setMore] = useState<{ rows: TStoreOrder[]; cursor: string | null }>({ rows: [], cursor: null });
  const key = session.signedIn ? `seller-orders:${status}:${requests}` : null;
  const list = useResource(key, (signal) => listStoreOrders({ status: status || undefined, cancelRequests: requests }, signal), session.expire);
  const totals = useResource(session.signedIn ? 'seller-orders-summary' : null, (signal) => storeTotals(signal), session.expire);
  const { reload: reloadList } = list;
  const { reload: reloadTotals } = totals;
  const refresh = useCallback(() => {
    reloadList();
    reloadTotals();
  }, [reloadList, reloadTotals]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, REFRESH_MS);
    const onShow = () => document.visibilityState === 'visible' && refresh();
    document.addEventListener('visibilitychange', onShow);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [refresh]);
  useEffect(() => setMore({ rows: [], cursor: null }), [key]);

  async function loadMore() {
    const cursor = more.cursor ?? list.data?.nextCursor;
    if (!cursor) return;
    const page = await listStoreOrders({ status: status || undefined, cancelRequests: requests, cursor });
    setMore((previous) => ({ rows: [...previous.rows, ...page.storeOrders], cursor: page.nextCursor }));
  }

  const rows = [...(list.data?.storeOrders ?? []), ...more.rows];
  const nextCursor = more.rows.length ? more.cursor : list.data?.nextCursor;

  return (
    <Container className="py-6 sm:py-8">
      <PageTitle title={t('portalOrders.nav')} lead={t('portalOrders.sellerLead')} />
      {totals.data ? (
        <Card className="mb-6" data-testid="seller-order-summary">
          <h2 className="text-lg font-semibold">{t('portalOrders.summary')}</h2>
          <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
            {(['earned', 'pending', 'refunded'] as const).map((part) => (
              <div key={part} className="rounded-xl bg-sand-50 p-3">
                <dt className="text-sm text-ink-muted">{t(`portalOrders.${part}`)}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid={`payout-${part}`}>
                  {money(totals.data!.payout[part], language)}
                </dd>
              </div>
            ))}
          </dl>
          {totals.data.byStatus.length ? (
            <ul className="mt-3 flex flex-wrap gap-2 text-sm">
              {totals.data.byStatus.map((row) => (
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
        <SelectField
          label={t('portalOrders.state')}
          optional
          value={status}
          onChange={(event) => setStatus(event.target.value as StoreOrderStatus | '')}
          className="w-56"
          data-testid="status-filter"
        >
          <option value="">{t('portalOrders.allStates')}</option>
          {STORE_ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.status_${s}`)}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" checked={requests} onChange={(event) => setRequests(event.target.checked)} className="h-4 w-4 accent-moss-700" />
          {t('portalOrders.cancelRequests')}
        </label>
      </div>

      {list.error ? (
        <Notice tone="rejected" live>
          {errorText(list.error, tp)}
        </Notice>
      ) : list.loading && !list.data ? (
        <Spinner label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <p className="text-ink-muted" data-testid="seller-orders-empty">
          {t('portalOrders.none')}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="seller-orders">
          {rows.map((so) => (
            <li key={so.storeOrderId}>
              <Link
                to={`/seller/orders/${encodeURIComponent(so.storeOrderId)}`}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm hover:border-moss-300"
                data-testid="seller-order-row"
              >
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
              </Link>
            </li>
          ))}
        </ul>
      )}
      {nextCursor ? (
        <Button variant="secondary" className="mt-4" onClick={() => void loadMore()}>
          {t('portalOrders.more')}
        </Button>
      ) : null}
    </Container>
  );
}
