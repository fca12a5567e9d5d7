import type { TDriver, TSellerStatusChangeRequest, TStoreOrder } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useRevalidator } from 'react-router';
import { SlotTime } from '../SlotTime';
import { useRealtimeTopic } from '../../../lib/realtime';
import { usePreferences } from '../../../lib/preferences';
import { useAction, type ActionHandlers } from '../../../lib/route-data';
import { Button } from '../../../ui/Button';
import { Container } from '../../../ui/Container';
import { useSnackbar } from '../../../ui/snackbar';
import { money } from '../../catalog/format';
import { chatRealtime } from '../../chat/session';
import { Card, Detail } from '../../../ui/bits';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/fields';
import { BackLink, HistoryList, ItemsTable, OrderProblem, ReasonForm, StatusBadge, when } from '../order-bits';
import { changeStoreOrderStatus, decideCancelRequest } from './seller-orders-api';

type Step = Exclude<TSellerStatusChangeRequest['status'], 'cancelled'>;

/** The next steps a seller may take from a state (STORE_ORDER_TRANSITIONS, seller's column). */
function nextSteps(so: TStoreOrder): Step[] {
  switch (so.status) {
    case 'placed':
      return ['accepted'];
    case 'accepted':
      return ['packed'];
    case 'packed':
      return [so.deliveryMode === 'DELIVERY' ? 'out_for_delivery' : 'ready_for_pickup'];
    case 'out_for_delivery':
      return ['delivered'];
    case 'ready_for_pickup':
      return ['picked_up'];
    default:
      return [];
  }
}
const STEP_LABEL: Record<Step, string> = {
  accepted: 'accept',
  packed: 'pack',
  out_for_delivery: 'dispatch',
  ready_for_pickup: 'ready',
  delivered: 'delivered',
  picked_up: 'pickedUp',
};
const CANCELLABLE = ['placed', 'accepted', 'packed', 'out_for_delivery', 'ready_for_pickup'];

/** The seller's changes to one store order: the route's clientAction runs them (docs/web.md). */
export const sellerOrderActions = (storeOrderId: string): ActionHandlers => ({
  status: (change: TSellerStatusChangeRequest) => changeStoreOrderStatus(storeOrderId, change),
  decide: ({ lineId, decision }: { lineId: string; decision: 'accept' | 'refuse' }) => decideCancelRequest(storeOrderId, lineId, decision),
});

/** One store order in the seller portal: accept, pack, send out with a driver or make ready, deliver, cancel, and the buyer's item-cancel requests. */
export function SellerOrderPage({ storeOrder: so, drivers }: { storeOrder: TStoreOrder; drivers: TDriver[] }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const [driverId, setDriverId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [comments, setComments] = useState('');
  const saving = useAction({
    done: () => {
      setCancelling(false);
      snackbar(t('portalOrders.saved'));
    },
    failed: (problem) => setError(problem.message),
  });
  const busy = saving.pending;
  function run(intent: 'status' | 'decide', input: unknown) {
    setError(null);
    void saving.submit(intent, input);
  }

  // The store's seller may follow the order's topic: a driver's or the buyer's change shows at once.
  const orderId = so.orderId;
  useEffect(() => {
    chatRealtime('seller');
  }, [orderId]);
  const reload = () => void revalidator.revalidate();
  useRealtimeTopic('seller', `Order/${orderId}`, reload, reload);
  useEffect(() => {
    const first = drivers.find((d) => d.active);
    if (first && !driverId) setDriverId(first.id);
  }, [drivers, driverId]);

  const steps = nextSteps(so);
  const activeDrivers = drivers.filter((d) => d.active);

  return (
    <Container className="py-6 sm:py-8" data-testid="seller-order-page">
      <BackLink to="/seller/orders">{t('portalOrders.back')}</BackLink>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('orders.storeOrderId')}</h1>
        <StatusBadge status={so.status} testId="seller-order-status" />
      </div>
      <p className="mt-1 font-mono text-sm break-all">{so.storeOrderId}</p>
      <p className="mt-1 text-xs text-ink-muted">{t('portalOrders.live')}</p>

      {error ? (
        <div className="mt-4">
          <OrderProblem message={error} testId="seller-order-error" />
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <Card>
            <div className="flex flex-wrap items-end gap-3" data-testid="seller-order-actions">
              {steps.map((step) =>
                step === 'out_for_delivery' ? (
                  <div key={step} className="flex flex-wrap items-end gap-3">
                    {activeDrivers.length ? (
                      <SelectField
                        label={t('portalOrders.driver')}
                        value={driverId}
                        onChange={(event) => setDriverId(event.target.value)}
                        className="w-56"
                        data-testid="driver-select"
                      >
                        {activeDrivers.map((d) => (
                          <option key={d.id} value={d.id}>
                            {d.name}
                          </option>
                        ))}
                      </SelectField>
                    ) : (
                      <p className="text-sm text-ink-muted">{t('portalOrders.noDrivers')}</p>
                    )}
                    <Button disabled={busy || !driverId} onClick={() => run('status', { status: step, driverId })} data-testid={`step-${step}`}>
                      {t(`portalOrders.${STEP_LABEL[step]}` as 'portalOrders.accept')}
                    </Button>
                  </div>
                ) : (
                  <Button key={step} disabled={busy} onClick={() => run('status', { status: step })} data-testid={`step-${step}`}>
                    {t(`portalOrders.${STEP_LABEL[step]}` as 'portalOrders.accept')}
                  </Button>
                ),
              )}
              {CANCELLABLE.includes(so.status) ? (
                <Button variant="secondary" disabled={busy} onClick={() => setCancelling(true)} data-testid="seller-cancel">
                  {t('portalOrders.cancel')}
                </Button>
              ) : null}
            </div>
            {so.cancellationReason ? (
              <p className="mt-3 text-sm" dir="auto">
                {t('orders.cancellationReason')}: {so.cancellationReason}
                {so.cancellationComments ? ` — ${so.cancellationComments}` : ''}
              </p>
            ) : null}
          </Card>

          <Card>
            <h2 className="text-lg font-semibold">{t('portalOrders.items')}</h2>
            <ItemsTable
              storeOrder={so}
              language={language}
              actions={(line) =>
                line.status === 'cancel_requested' ? (
                  <div className="flex flex-wrap items-center gap-2 rounded-xl bg-clay-50 p-3" data-testid="cancel-request">
                    <p className="flex-1 text-sm" dir="auto">
                      {t('portalOrders.requestOpen', { reason: line.cancellationReason ?? '' })}
                    </p>
                    <Button
                      className="px-3 py-1.5 text-sm"
                      disabled={busy}
                      onClick={() => run('decide', { lineId: line.productOrderId, decision: 'accept' })}
                      data-testid="accept-cancel-request"
                    >
                      {t('portalOrders.acceptRequest')}
                    </Button>
                    <Button
                      className="px-3 py-1.5 text-sm"
                      variant="secondary"
                      disabled={busy}
                      onClick={() => run('decide', { lineId: line.productOrderId, decision: 'refuse' })}
                      data-testid="refuse-cancel-request"
                    >
                      {t('portalOrders.refuseRequest')}
                    </Button>
                  </div>
                ) : null
              }
            />
          </Card>

          <Card>
            <h2 className="mb-3 text-lg font-semibold">{t('portalOrders.history')}</h2>
            <HistoryList history={so.history} language={language} />
          </Card>
        </div>

        <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          <Card>
            <dl className="space-y-3 text-sm">
              <Detail label={t('orders.orderId')}>
                <span className="font-mono break-all">{so.orderId}</span>
              </Detail>
              <Detail label={t('portalOrders.ordered')}>{when(so.history[0]?.at ?? so.updatedAt, language)}</Detail>
              <Detail label={t('orders.deliveryDateTime')}>
                {so.slotStart ? <SlotTime start={so.slotStart} end={so.slotEnd} timeZone={so.timeZone} /> : '—'}
              </Detail>
              <Detail label={t('portalOrders.deliveryMode')}>
                {so.deliveryMode === 'DELIVERY' ? t('portalOrders.deliveryMode') : t('portalOrders.selfPickup')}
              </Detail>
              {so.driver ? <Detail label={t('portalOrders.driver')}>{so.driver.name}</Detail> : null}
              <Detail label={t('orders.storeTotal')}>
                <span className="text-lg font-semibold tabular-nums" data-testid="seller-order-total">
                  {money(so.storeTotal, language)}
                </span>
              </Detail>
            </dl>
          </Card>
        </aside>
      </div>

      <Dialog open={cancelling} title={t('portalOrders.cancelTitle')} onClose={() => setCancelling(false)} testId="seller-cancel-dialog">
        <ReasonForm
          reason={reason}
          comments={comments}
          onReason={setReason}
          onComments={setComments}
          onKeep={() => setCancelling(false)}
          onConfirm={() => run('status', { status: 'cancelled', reason, ...(comments.trim() ? { comments } : {}) })}
          confirm={t('portalOrders.confirmCancel')}
          confirmTestId="confirm-seller-cancel"
          busy={busy}
        />
      </Dialog>
    </Container>
  );
}
