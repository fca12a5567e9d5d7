import { PAYMENT_TYPES, STORE_ORDER_STATUSES, type TAdminOrderSummary } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { money } from '../../catalog/format';
import { errorText } from '../../../lib/errors';
import { useResource } from '../../../lib/resource';
import { usePortalSession } from '../../portal-shell/session';
import { Notice, PageTitle, Spinner } from '../../../ui/bits';
import { SelectField, TextField } from '../../../ui/fields';
import { StatusBadge, when } from '../order-bits';
import { listAdminOrders, type AdminOrderFilters } from './admin-orders-api';

/** The console's orders: search by order id, store order id, buyer e-mail or store; filter by state, payment and dates. */
export function AdminOrdersPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const [draft, setDraft] = useState<AdminOrderFilters>({ search: '', status: '', paymentType: '', from: '', to: '' });
  const [filters, setFilters] = useState<AdminOrderFilters>(draft);
  const [extra, setExtra] = useState<{ rows: TAdminOrderSummary[]; cursor: string | null; error: unknown }>({ rows: [], cursor: null, error: null });
  const key = session.signedIn ? `admin-orders:${JSON.stringify(filters)}` : null;
  const list = useResource(key, (signal) => listAdminOrders(filters, undefined, signal), session.expire);

  function apply(event: FormEvent) {
    event.preventDefault();
    setExtra({ rows: [], cursor: null, error: null });
    setFilters({ ...draft });
    if (JSON.stringify(draft) === JSON.stringify(filters)) list.reload();
  }
  async function more() {
    const cursor = extra.rows.length ? extra.cursor : list.data?.nextCursor;
    if (!cursor) return;
    try {
      const page = await listAdminOrders(filters, cursor);
      setExtra((previous) => ({ rows: [...previous.rows, ...page.orders], cursor: page.nextCursor, error: null }));
    } catch (error) {
      setExtra((previous) => ({ ...previous, error }));
    }
  }
  const set = (patch: Partial<AdminOrderFilters>) => setDraft((previous) => ({ ...previous, ...patch }));
  const rows = [...(list.data?.orders ?? []), ...extra.rows];
  const next = extra.rows.length ? extra.cursor : list.data?.nextCursor;
  const problem = list.error ?? extra.error;

  return (
    <div className="py-6 lg:py-8">
      <PageTitle title={t('portalOrders.nav')} lead={t('portalOrders.adminLead')} />
      <form
        onSubmit={apply}
        className="mb-6 grid gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:grid-cols-2 xl:grid-cols-6"
        role="search"
        data-testid="admin-orders-filters"
      >
        <TextField
          label={t('portalOrders.search')}
          hint={t('portalOrders.searchHint')}
          optional
          type="search"
          value={draft.search}
          onChange={(event) => set({ search: event.target.value })}
          className="sm:col-span-2"
          name="search"
          maxLength={100}
        />
        <SelectField
          label={t('portalOrders.state')}
          optional
          value={draft.status}
          onChange={(event) => set({ status: event.target.value as AdminOrderFilters['status'] })}
          name="status"
        >
          <option value="">{t('portalOrders.allStates')}</option>
          {STORE_ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.status_${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('portalOrders.payment')}
          optional
          value={draft.paymentType}
          onChange={(event) => set({ paymentType: event.target.value as AdminOrderFilters['paymentType'] })}
          name="paymentType"
        >
          <option value="">{t('portalOrders.anyPayment')}</option>
          {PAYMENT_TYPES.map((p) => (
            <option key={p} value={p}>
              {t(`payment.${p}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('portalOrders.from')} optional type="date" value={draft.from} onChange={(event) => set({ from: event.target.value })} name="from" />
        <TextField label={t('portalOrders.to')} optional type="date" value={draft.to} onChange={(event) => set({ to: event.target.value })} name="to" />
        <div className="sm:col-span-2 xl:col-span-6">
          <Button type="submit" data-testid="admin-orders-apply">
            {t('portalOrders.apply')}
          </Button>
        </div>
      </form>

      {problem ? (
        <Notice tone="rejected" live testId="admin-orders-error">
          {errorText(problem, tp)}
        </Notice>
      ) : null}
      {list.loading && !list.data ? (
        <Spinner label={t('common.loading')} />
      ) : rows.length === 0 && !problem ? (
        <p className="text-ink-muted" data-testid="admin-orders-empty">
          {t('portalOrders.none')}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="admin-orders">
          {rows.map((order) => (
            <li key={order.orderId}>
              <Link
                to={`/admin/orders/${encodeURIComponent(order.orderId)}`}
                className="grid gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm hover:border-moss-300 md:grid-cols-[minmax(0,1fr)_auto]"
                data-testid="admin-order-row"
              >
                <div className="min-w-0">
                  <p className="font-mono text-sm break-all">{order.orderId}</p>
                  <p className="text-sm text-ink-muted">
                    {when(order.orderedAt, language)} · <bdi>{order.buyer.name || order.buyer.email}</bdi>
                    {order.buyer.email && order.buyer.name ? <span className="break-all"> · {order.buyer.email}</span> : null} ·{' '}
                    {t(`payment.${order.paymentType}`)}
                  </p>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {order.storeOrders.map((so) => (
                      <li key={so.storeOrderId} className="flex items-center gap-1.5 text-sm">
                        <bdi className="font-semibold">{so.storeName}</bdi>
                        <StatusBadge status={so.status} />
                      </li>
                    ))}
                  </ul>
                </div>
                <p className="font-semibold tabular-nums md:text-end">{money(order.total, language)}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {next ? (
        <Button variant="secondary" className="mt-4" onClick={() => void more()}>
          {t('portalOrders.more')}
        </Button>
      ) : null}
    </div>
  );
}
