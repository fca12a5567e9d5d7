import { ACTIVE_STORE_ORDER_STATUSES, type TOrder, type TOrderLine, type TOrderLiveEvent, type TStoreOrder } from '@tessera/contracts';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link, useSearchParams } from 'react-router';
import { formatDateLabel, formatTime } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { useRealtimeTopic } from '../../lib/realtime';
import { Button } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { useSnackbar } from '../../ui/snackbar';
import { money } from '../catalog/format';
import { useCart } from '../cart/CartProvider';
import { CartTotals } from '../cart/CartTotals';
import { SlotTime } from './SlotTime';
import { isTrackable, TrackingMap } from '../tracking/TrackingMap';
import { CancelDialog } from './CancelDialog';
import { BackLink } from './order-bits';
import { askItemCancel, cancelStoreOrder, getOrder, reorder } from './orders-api';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; order: TOrder };

/**
 * One order with every seed label (order id, store order id, product order id, ordered date,
 * delivery date and time, store total, items, offer applied, cancellation reason and comments). It
 * follows `Order/{orderId}` live (seed orderTracking / liveStatusOfOrder): a status change or a
 * driver's move shows without a reload.
 */
export function OrderPage({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const [params] = useSearchParams();
  const snackbar = useSnackbar();
  const cart = useCart();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [cancelling, setCancelling] = useState<TStoreOrder | null>(null);
  const [asking, setAsking] = useState<TOrderLine | null>(null);

  // Reads may overlap (live events, the subscription's grant): only the latest one started is shown.
  const latestRead = useRef(0);
  const fetchOrder = useCallback(async () => {
    const read = ++latestRead.current;
    try {
      const order = await getOrder(orderId);
      if (read === latestRead.current) setLoad({ state: 'ready', order });
    } catch {
      if (read === latestRead.current) setLoad((previous) => (previous.state === 'ready' ? previous : { state: 'failed' }));
    }
  }, [orderId]);
  useEffect(() => {
    void fetchOrder();
  }, [fetchOrder]);
  // Each live event names what changed; the order is read again so every label stays the server's.
  // Once subscribed it is read again too: a change made between the first read and the
  // subscription (or while offline) reached nobody.
  // A driver's position (every few seconds while he delivers) moves his marker without a read.
  useRealtimeTopic(
    'storefront',
    `Order/${orderId}`,
    (payload) => {
      const event = payload as Partial<TOrderLiveEvent> | null;
      if (event?.type === 'position' && typeof event.latitude === 'number' && typeof event.longitude === 'number') {
        const position = { latitude: event.latitude, longitude: event.longitude, at: event.at ?? Date.now() };
        setLoad((previous) =>
          previous.state === 'ready'
            ? {
                ...previous,
                order: {
                  ...previous.order,
                  storeOrders: previous.order.storeOrders.map((so) => (so.storeOrderId === event.storeOrderId ? { ...so, driverPosition: position } : so)),
                },
              }
            : previous,
        );
        return;
      }
      void fetchOrder();
    },
    () => void fetchOrder(),
  );

  if (load.state === 'loading') {
    return (
      <Container className="py-10">
        <p role="status">{t('common.loading')}</p>
      </Container>
    );
  }
  if (load.state === 'failed') {
    return (
      <Container className="py-10">
        <p className="rounded-2xl bg-clay-50 p-4 text-clay-800 first-letter:uppercase" role="alert" data-testid="order-failed">
          {t('orders.failed')}
        </p>
      </Container>
    );
  }
  const { order } = load;
  const date = (ms: number) => `${formatDateLabel(ms, language)} ${formatTime(ms, language)}`;

  async function runReorder() {
    try {
      const result = await reorder(order.orderId);
      await cart.refresh();
      snackbar(
        result.unavailable.length ? t('orders.reorderMissing', { items: result.unavailable.map((line) => line.title).join(', ') }) : t('orders.reordered'),
        {
          variant: result.unavailable.length ? 'info' : 'success',
        },
      );
    } catch (error) {
      snackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
    }
  }

  return (
    <Container className="py-8 sm:py-12" data-testid="order-page">
      <BackLink to="/profile/orders">{t('orders.title')}</BackLink>
      {params.get('placed') ? (
        <p className="mt-4 rounded-2xl bg-moss-50 p-4 font-semibold text-moss-900" role="status" data-testid="order-placed">
          {t('orders.placed')}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold">{t('orders.orderId')}</h1>
          <p className="mt-1 font-mono text-sm break-all" data-testid="order-id">
            {order.orderId}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {/* A plain link: the route accepts the storefront's token cookie and answers in the lang cookie's language. */}
          <a
            href={`/v1/orders/${encodeURIComponent(order.orderId)}/invoice.pdf`}
            download
            className="inline-flex items-center rounded-full border border-sand-300 px-4 py-2 text-sm font-semibold text-moss-800 hover:bg-sand-100"
            data-testid="invoice-link"
          >
            {t('portalOrders.invoice')}
          </a>
          <Button variant="secondary" onClick={() => void runReorder()} data-testid="reorder">
            {t('orders.reorder')}
          </Button>
        </div>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <Fact label={t('orders.orderedDate')} value={date(order.orderedAt)} />
        <Fact label={t('orders.paymentType')} value={t(`payment.${order.paymentType}`)} />
        {order.offerApplied ? <Fact label={t('orders.offerApplied')} value={order.offerApplied} /> : null}
        {order.deliveryNote ? <Fact label={t('orders.deliveryNote')} value={order.deliveryNote} /> : null}
      </dl>
      <p className="mt-2 text-xs text-ink-muted">{t('orders.live')}</p>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          {order.storeOrders.map((storeOrder) => (
            <StoreOrderCard
              key={storeOrder.storeOrderId}
              storeOrder={storeOrder}
              destination={order.destination}
              onCancel={() => setCancelling(storeOrder)}
              onAskCancel={setAsking}
            />
          ))}
        </div>
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <CartTotals cart={order} />
        </aside>
      </div>

      <CancelDialog
        open={cancelling !== null}
        title={t('orders.cancelTitle', { store: cancelling?.storeName ?? '' })}
        confirm={t('orders.confirmCancel')}
        askRefund={order.paymentType !== 'COD'}
        onClose={() => setCancelling(null)}
        onConfirm={async (reason, comments, refundTo) => {
          if (!cancelling) return;
          try {
            setLoad({ state: 'ready', order: await cancelStoreOrder(order.orderId, cancelling.storeOrderId, reason, comments, refundTo) });
            setCancelling(null);
          } catch (error) {
            snackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
          }
        }}
      />
      <CancelDialog
        open={asking !== null}
        title={t('orders.askCancel')}
        confirm={t('orders.askCancel')}
        onClose={() => setAsking(null)}
        onConfirm={async (reason) => {
          if (!asking) return;
          try {
            setLoad({ state: 'ready', order: await askItemCancel(order.orderId, asking.productOrderId, reason) });
            setAsking(null);
          } catch (error) {
            snackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
          }
        }}
      />
    </Container>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-semibold" dir="auto">
        {value}
      </dd>
    </div>
  );
}

function StoreOrderCard({
  storeOrder,
  destination,
  onCancel,
  onAskCancel,
}: {
  storeOrder: TStoreOrder;
  destination: TOrder['destination'];
  onCancel: () => void;
  onAskCancel: (line: TOrderLine) => void;
}) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  // After packing the buyer no longer cancels himself: he asks the seller, item by item (seed §4).
  const canAsk = !storeOrder.canCancel && (ACTIVE_STORE_ORDER_STATUSES as readonly string[]).includes(storeOrder.status);
  return (
    <section className="rounded-3xl border border-sand-200 bg-white" data-testid="store-order" data-status={storeOrder.status}>
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-sand-200 px-5 py-4">
        <div>
          <h2 className="text-lg font-semibold">
            <Link to={`/store/${storeOrder.storeAliasName}`} className="hover:underline">
              <bdi>{storeOrder.storeName}</bdi>
            </Link>
          </h2>
          <p className="text-xs text-ink-muted">
            {t('orders.storeOrderId')}: <span className="font-mono break-all">{storeOrder.storeOrderId}</span>
          </p>
        </div>
        <span className="rounded-full bg-moss-50 px-3 py-1 text-sm font-semibold text-moss-800" data-testid="store-order-status">
          {t(`orders.status_${storeOrder.status}`)}
        </span>
      </header>
      <dl className="grid gap-x-6 gap-y-2 px-5 pt-4 text-sm sm:grid-cols-2">
        {storeOrder.slotStart ? (
          <Fact label={t('orders.deliveryDateTime')} value={<SlotTime start={storeOrder.slotStart} end={storeOrder.slotEnd} timeZone={storeOrder.timeZone} />} />
        ) : null}
        {storeOrder.cancellationReason ? <Fact label={t('orders.cancellationReason')} value={storeOrder.cancellationReason} /> : null}
        {storeOrder.cancellationComments ? <Fact label={t('orders.comments')} value={storeOrder.cancellationComments} /> : null}
      </dl>
      {storeOrder.driver ? (
        <p className="px-5 pt-2 text-sm" dir="auto" data-testid="store-order-driver">
          {t('orders.driver', { name: storeOrder.driver.name })}
        </p>
      ) : null}
      {isTrackable(storeOrder, destination) ? <TrackingMap storeOrder={storeOrder} destination={destination} /> : null}
      <h3 className="px-5 pt-4 text-sm font-semibold text-ink-muted">{t('orders.items')}</h3>
      <ul className="divide-y divide-sand-100">
        {storeOrder.items.map((line) => (
          <li
            key={line.productOrderId}
            className="flex flex-wrap items-start justify-between gap-3 px-5 py-3"
            data-testid="order-line"
            data-status={line.status}
          >
            <div className="min-w-0">
              <Link to={`/p/${line.slug}`} className="font-semibold hover:underline" dir="auto">
                {line.title}
              </Link>
              <p className="text-xs text-ink-muted">
                {t('orders.productOrderId')}: <span className="font-mono break-all">{line.productOrderId}</span>
              </p>
              <p className="text-sm text-ink-muted">
                × {line.quantity} · {money(line.unitPrice, language)}
              </p>
              {line.status === 'cancel_requested' ? <p className="text-sm font-semibold text-clay-700">{t('orders.cancelRequested')}</p> : null}
              {line.status === 'cancelled' ? <p className="text-sm font-semibold text-clay-700">{t('orders.lineCancelled')}</p> : null}
              {canAsk && line.status === 'active' ? (
                <button type="button" className="mt-1 text-sm font-semibold text-moss-700 underline" onClick={() => onAskCancel(line)} data-testid="ask-cancel">
                  {t('orders.askCancel')}
                </button>
              ) : null}
            </div>
            <p className="font-semibold tabular-nums">{money(line.lineTotal, language)}</p>
          </li>
        ))}
      </ul>
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-sand-200 px-5 py-4">
        <p className="font-semibold">
          {t('orders.storeTotal')}: <span className="tabular-nums">{money(storeOrder.storeTotal, language)}</span>
        </p>
        {storeOrder.canCancel ? (
          <Button variant="ghost" onClick={onCancel} data-testid="cancel-store-order">
            {t('orders.cancel')}
          </Button>
        ) : null}
      </footer>
    </section>
  );
}
