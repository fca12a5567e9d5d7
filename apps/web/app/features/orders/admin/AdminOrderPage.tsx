import type { TOrder, TStoreOrder } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { SlotTime } from '../SlotTime';
import { usePreferences } from '../../../lib/preferences';
import { useAction, type ActionHandlers } from '../../../lib/route-data';
import { Button } from '../../../ui/Button';
import { useSnackbar } from '../../../ui/snackbar';
import { money } from '../../catalog/format';
import { useAdmin } from '../../portal-shell/AdminPortal';
import { Card, Detail, PageTitle } from '../../../ui/bits';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/fields';
import { BackLink, HistoryList, ItemsTable, OrderProblem, ReasonForm, StatusBadge, when } from '../order-bits';
import { refundStoreOrder } from './admin-orders-api';

/** What the team may refund: a finished store order with money not yet given back (STORE_ORDER_TRANSITIONS). */
const REFUNDABLE = ['delivered', 'picked_up', 'cancelled'];

/** The team's change to an order: the route's clientAction runs it (docs/web.md). */
export const adminOrderActions: ActionHandlers = {
  refund: ({ storeOrderId, ...body }: { storeOrderId: string; reason: string; comments?: string; to: 'original' | 'wallet' }) =>
    refundStoreOrder(storeOrderId, body),
};

/** One order in the console: buyer, payment, every store order with its items and history, and a manual refund. */
export function AdminOrderPage({ order: o }: { order: TOrder }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { canReview } = useAdmin();
  const snackbar = useSnackbar();
  const [refunding, setRefunding] = useState<TStoreOrder | null>(null);
  const [reason, setReason] = useState('');
  const [comments, setComments] = useState('');
  const [to, setTo] = useState<'original' | 'wallet'>('original');
  const [error, setError] = useState<string | null>(null);
  const refunds = useAction({
    done: () => {
      setRefunding(null);
      setReason('');
      setComments('');
      snackbar(t('portalOrders.saved'));
    },
    failed: (problem) => setError(problem.message),
  });

  function refund() {
    if (!refunding) return;
    setError(null);
    void refunds.submit('refund', { storeOrderId: refunding.storeOrderId, reason, to, ...(comments.trim() ? { comments } : {}) });
  }

  const a = o.address;

  return (
    <div className="py-6 lg:py-8" data-testid="admin-order-page">
      <div className="mb-3">
        <BackLink to="/admin/orders">{t('portalOrders.back')}</BackLink>
      </div>
      <PageTitle title={t('orders.orderId')}>
        <span className="text-2xl font-semibold tabular-nums" data-testid="admin-order-total">
          {money(o.totals.totalAfterTax, language)}
        </span>
      </PageTitle>
      <p className="-mt-4 mb-6 font-mono text-sm break-all" data-testid="admin-order-id">
        {o.orderId}
      </p>
      <Card className="mb-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Detail label={t('portalOrders.buyer')}>
            <bdi>{o.buyer.name}</bdi>
            {o.buyer.email ? <span className="block break-all text-ink-muted">{o.buyer.email}</span> : null}
          </Detail>
          <Detail label={t('orders.orderedDate')}>{when(o.orderedAt, language)}</Detail>
          <Detail label={t('portalOrders.payment')}>
            <span data-testid="admin-order-payment">
              {t(`payment.${o.paymentType}`)} · {t(`portalOrders.paymentStatus_${o.paymentStatus}`, { defaultValue: o.paymentStatus })}
            </span>
          </Detail>
          <Detail label={t('portalOrders.deliveryMode')}>
            {o.deliveryMode === 'DELIVERY' ? t('portalOrders.deliveryMode') : t('portalOrders.selfPickup')}
          </Detail>
          {a ? (
            <Detail label={t('portalOrders.deliverTo')}>
              <bdi>{[a.name, a.addressLine1, a.flatNumber, a.locality, a.city, a.state, a.pincode].filter(Boolean).join(', ')}</bdi>
            </Detail>
          ) : null}
          {o.offerApplied ? <Detail label={t('orders.offerApplied')}>{o.offerApplied}</Detail> : null}
          {o.deliveryNote ? (
            <Detail label={t('orders.deliveryNote')}>
              <bdi>{o.deliveryNote}</bdi>
            </Detail>
          ) : null}
        </dl>
      </Card>

      {error ? (
        <div className="mb-4">
          <OrderProblem message={error} testId="admin-order-error" />
        </div>
      ) : null}

      <h2 className="mb-3 text-xl font-semibold">{t('portalOrders.storeOrders')}</h2>
      <div className="space-y-6">
        {o.storeOrders.map((so) => (
          <Card key={so.storeOrderId} data-testid="admin-store-order">
            <div className="flex flex-wrap items-center gap-3">
              <h3 className="text-lg font-semibold">
                <bdi>{so.storeName}</bdi>
              </h3>
              <StatusBadge status={so.status} testId="admin-store-order-status" />
              <span className="ms-auto font-semibold tabular-nums">{money(so.storeTotal, language)}</span>
            </div>
            <p className="mt-1 text-xs text-ink-muted">
              {t('orders.storeOrderId')}: <span className="font-mono break-all">{so.storeOrderId}</span>
              {so.driver ? ` · ${t('portalOrders.driver')}: ${so.driver.name}` : ''}
            </p>
            {so.slotStart ? (
              <dl className="mt-2 text-sm">
                <Detail label={t('orders.deliveryDateTime')}>
                  <SlotTime start={so.slotStart} end={so.slotEnd} timeZone={so.timeZone} />
                </Detail>
              </dl>
            ) : null}
            <ItemsTable storeOrder={so} language={language} />
            <div className="mt-4 grid gap-4 md:grid-cols-[minmax(0,1fr)_auto]">
              <div>
                <h4 className="mb-2 font-semibold">{t('portalOrders.history')}</h4>
                <HistoryList history={so.history} language={language} />
              </div>
              {canReview && REFUNDABLE.includes(so.status) ? (
                <div>
                  <Button variant="secondary" onClick={() => setRefunding(so)} data-testid="admin-refund">
                    {t('portalOrders.refund')}
                  </Button>
                </div>
              ) : null}
            </div>
          </Card>
        ))}
      </div>

      <Dialog
        open={refunding !== null}
        title={t('portalOrders.refundTitle')}
        description={t('portalOrders.refundHint')}
        onClose={() => setRefunding(null)}
        testId="admin-refund-dialog"
      >
        <ReasonForm
          reason={reason}
          comments={comments}
          onReason={setReason}
          onComments={setComments}
          onKeep={() => setRefunding(null)}
          onConfirm={refund}
          confirm={t('portalOrders.refund')}
          confirmTestId="confirm-refund"
          busy={refunds.pending}
          lead={refunding ? <p className="text-lg font-semibold tabular-nums">{money(refunding.storeTotal, language)}</p> : null}
        >
          <SelectField label={t('portalOrders.refundTo')} value={to} onChange={(event) => setTo(event.target.value as 'original' | 'wallet')} name="to">
            <option value="original">{t('portalOrders.refundOriginal')}</option>
            <option value="wallet">{t('portalOrders.refundWallet')}</option>
          </SelectField>
        </ReasonForm>
      </Dialog>
    </div>
  );
}
