import { PAYMENT_TYPES, type TAdminOrdersResponse } from '@tessera/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useRevalidator, useSearchParams } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import type { Problem } from '../../../lib/route-data';
import { money } from '../../catalog/format';
import { errorText } from '../../../lib/errors';
import { PageTitle } from '../../../ui/bits';
import { SelectField, TextField } from '../../../ui/fields';
import { OrderLinks, OrderProblem, StatusBadge, StatusFilter, when } from '../order-bits';
import { useMorePages } from '../../../lib/more-pages';
import { listAdminOrders, type AdminOrderFilters } from './admin-orders-api';

const FILTER_KEYS = ['search', 'status', 'paymentType', 'from', 'to'] as const;

/** The search's filters, from the address (`?search=…&status=…`): a link or a reload shows the same orders. */
export function adminOrderFilters(url: string): Required<AdminOrderFilters> {
  const params = new URL(url).searchParams;
  const value = (key: (typeof FILTER_KEYS)[number]) => params.get(key) ?? '';
  return {
    search: value('search'),
    status: value('status') as AdminOrderFilters['status'] & string,
    paymentType: value('paymentType') as AdminOrderFilters['paymentType'] & string,
    from: value('from'),
    to: value('to'),
  };
}

/** The filters that are set, as the page's address query. */
function filterParams(filters: AdminOrderFilters): URLSearchParams {
  return new URLSearchParams(FILTER_KEYS.flatMap((name) => (filters[name] ? [[name, String(filters[name])]] : [])));
}

/** The console's orders: search by order id, store order id, buyer e-mail or store; filter by state, payment and dates. */
export function AdminOrdersPage({
  filters,
  first,
  problem: refused,
}: {
  filters: Required<AdminOrderFilters>;
  first: TAdminOrdersResponse['data'] | null;
  problem: Problem | null;
}) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('portal');
  const { language } = usePreferences();
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const key = JSON.stringify(filters);
  const [draft, setDraft] = useState<AdminOrderFilters>(filters);
  // Back and forward change the address: the form shows its filters.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setDraft(filters), [key]);
  const list = useMorePages(key, { rows: first?.orders ?? [], cursor: first?.nextCursor ?? null }, async (cursor) => {
    const page = await listAdminOrders(filters, cursor);
    return { rows: page.orders, cursor: page.nextCursor };
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = filterParams(draft);
    // The same search again reads the orders again.
    if (next.toString() === filterParams(filters).toString()) void revalidator.revalidate();
    else setSearchParams(next);
  }
  const set = (patch: Partial<AdminOrderFilters>) => setDraft((previous) => ({ ...previous, ...patch }));
  const rows = list.rows;
  const problem = refused?.message ?? (list.error ? errorText(list.error, tp) : null);

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
        <StatusFilter value={draft.status ?? ''} onPick={(status) => set({ status })} name="status" />
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

      <OrderProblem message={problem} testId="admin-orders-error" />
      {rows.length === 0 && problem ? null : (
        <OrderLinks
          rows={rows}
          href={(order) => `/admin/orders/${encodeURIComponent(order.orderId)}`}
          rowKey={(order) => order.orderId}
          rowClassName="grid gap-2 md:grid-cols-[minmax(0,1fr)_auto]"
          listTestId="admin-orders"
          rowTestId="admin-order-row"
          emptyTestId="admin-orders-empty"
          hasMore={Boolean(list.cursor)}
          onMore={() => void list.more()}
        >
          {(order) => (
            <>
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
            </>
          )}
        </OrderLinks>
      )}
    </div>
  );
}
