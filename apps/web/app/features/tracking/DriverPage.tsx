import { type TDriverOrdersResponse, type TDriverStoreOrder } from '@tessera/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { formatTime } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { useSnackbar } from '../../ui/snackbar';
import { type PortalSessionState } from '../portal-shell/clients';
import { errorText } from '../../lib/errors';
import { PortalSessionProvider, usePortalSession } from '../portal-shell/session';
import { PortalShell } from '../portal-shell/PortalShell';
import { EmailPasswordForm } from '../portal-shell/auth/EmailPasswordForm';
import { createPositionThrottle } from './position-throttle';

/** At most one position every five seconds reaches the server (and the buyer's map). */
export const POSITION_INTERVAL_MS = 5000;

/**
 * The driver page `/driver` (issue #11 §5), made for a phone: the driver signs in with the account
 * his store made, sees the orders he carries, shares the browser's position while delivering one
 * (watchPosition → POST /v1/driver/orders/:id/position, throttled) and marks it delivered.
 */
export function DriverPage({ initial }: { initial: PortalSessionState }) {
  return (
    <PortalSessionProvider portal="driver" initial={initial}>
      <DriverFrame />
    </PortalSessionProvider>
  );
}

function DriverFrame() {
  const { t } = useTranslation();
  const session = usePortalSession();
  return (
    <PortalShell title={t('driverPage.title')} nav={[]}>
      <div className="mx-auto w-full max-w-lg px-4 py-6">{session.signedIn ? <Deliveries /> : <DriverLogin />}</div>
    </PortalShell>
  );
}

function DriverLogin() {
  const { t } = useTranslation();
  return (
    <div className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-semibold">{t('driverPage.loginTitle')}</h1>
      <p className="mt-2 text-ink-muted">{t('driverPage.loginLead')}</p>
      <EmailPasswordForm
        testId="driver-login"
        submitTestId="driver-login-submit"
        texts={{ email: t('driverPage.email'), password: t('driverPage.password'), submit: t('driverPage.signIn'), submitting: t('driverPage.signingIn') }}
      />
    </div>
  );
}

type Sharing = { storeOrderId: string; lastSentAt: number | null; problem: string | null } | null;

function Deliveries() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('portal');
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const [orders, setOrders] = useState<TDriverStoreOrder[] | null>(null);
  const [sharing, setSharing] = useState<Sharing>(null);
  const stopSharing = useRef<() => void>(() => undefined);

  const load = useCallback(async () => {
    try {
      const answer = await session.client().get<TDriverOrdersResponse>('/v1/driver/orders');
      setOrders(answer.data.storeOrders);
    } catch (error) {
      snackbar(errorText(error, tp), { variant: 'error' });
      setOrders((previous) => previous ?? []);
    }
  }, [session, snackbar, tp]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => () => stopSharing.current(), []);

  function start(storeOrderId: string) {
    stopSharing.current();
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setSharing({ storeOrderId, lastSentAt: null, problem: t('driverPage.geoUnavailable') });
      return;
    }
    const throttle = createPositionThrottle<{ latitude: number; longitude: number }>({
      intervalMs: POSITION_INTERVAL_MS,
      send: async (position) => {
        await session.client().post(`/v1/driver/orders/${encodeURIComponent(storeOrderId)}/position`, position);
        setSharing((s) => (s?.storeOrderId === storeOrderId ? { ...s, lastSentAt: Date.now(), problem: null } : s));
      },
      onError: (error) => setSharing((s) => (s?.storeOrderId === storeOrderId ? { ...s, problem: errorText(error, tp) } : s)),
    });
    const watch = navigator.geolocation.watchPosition(
      (position) => throttle.push({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) =>
        setSharing((s) =>
          s?.storeOrderId === storeOrderId
            ? { ...s, problem: error.code === error.PERMISSION_DENIED ? t('driverPage.geoDenied') : t('driverPage.geoError') }
            : s,
        ),
      { enableHighAccuracy: true, maximumAge: POSITION_INTERVAL_MS, timeout: 30_000 },
    );
    stopSharing.current = () => {
      navigator.geolocation.clearWatch(watch);
      throttle.stop();
      stopSharing.current = () => undefined;
    };
    setSharing({ storeOrderId, lastSentAt: null, problem: null });
  }

  function stop() {
    stopSharing.current();
    setSharing(null);
  }

  async function delivered(storeOrderId: string) {
    try {
      await session.client().post(`/v1/driver/orders/${encodeURIComponent(storeOrderId)}/delivered`, {});
      if (sharing?.storeOrderId === storeOrderId) stop();
      snackbar(t('driverPage.deliveredDone'), { variant: 'success' });
      await load();
    } catch (error) {
      snackbar(errorText(error, tp), { variant: 'error' });
    }
  }

  return (
    <div data-testid="driver-deliveries">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('driverPage.title')}</h1>
        <Button variant="ghost" onClick={() => void load()} data-testid="driver-refresh">
          {t('driverPage.refresh')}
        </Button>
      </div>
      {orders === null ? (
        <p className="mt-6 text-ink-muted" role="status">
          {t('common.loading')}
        </p>
      ) : orders.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-4 text-ink-muted" data-testid="driver-none">
          {t('driverPage.none')}
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {orders.map((order) => (
            <DeliveryCard
              key={order.storeOrderId}
              order={order}
              sharing={sharing?.storeOrderId === order.storeOrderId ? sharing : null}
              onStart={() => start(order.storeOrderId)}
              onStop={stop}
              onDelivered={() => void delivered(order.storeOrderId)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeliveryCard({
  order,
  sharing,
  onStart,
  onStop,
  onDelivered,
}: {
  order: TDriverStoreOrder;
  sharing: Sharing;
  onStart: () => void;
  onStop: () => void;
  onDelivered: () => void;
}) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const to = order.deliverTo;
  const items = order.items.filter((line) => line.status !== 'cancelled').reduce((sum, line) => sum + line.quantity, 0);
  const mapLink = to.latitude !== null && to.longitude !== null ? `geo:${to.latitude},${to.longitude}` : null;
  return (
    <li className="rounded-3xl border border-sand-200 bg-white p-5 shadow-sm" data-testid="driver-order" data-store-order-id={order.storeOrderId}>
      <p className="font-mono text-xs break-all text-ink-muted">{order.storeOrderId}</p>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="text-ink-muted">{t('driverPage.from')}</dt>
          <dd className="font-semibold">
            <bdi>{order.storeName}</bdi>
            {order.store.address ? (
              <span className="block font-normal" dir="auto">
                {order.store.address}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('driverPage.to')}</dt>
          <dd>
            <span className="block font-semibold" dir="auto">
              {to.name}
            </span>
            <span className="block" dir="auto">
              {to.address}
            </span>
            {to.mobile ? (
              <a className="mt-1 inline-block font-semibold text-moss-700 underline" href={`tel:${to.mobile.replace(/\s+/g, '')}`}>
                {t('driverPage.call')} <bdi dir="ltr">{to.mobile}</bdi>
              </a>
            ) : null}
          </dd>
        </div>
        {to.note ? (
          <div>
            <dt className="text-ink-muted">{t('driverPage.note')}</dt>
            <dd dir="auto">{to.note}</dd>
          </div>
        ) : null}
        <p className="text-ink-muted">{t('driverPage.items', { count: items })}</p>
      </dl>
      {mapLink ? (
        <a className="mt-2 inline-block text-sm font-semibold text-moss-700 underline" href={mapLink}>
          {t('driverPage.openMap')}
        </a>
      ) : null}
      {sharing ? (
        <div className="mt-4 rounded-2xl bg-moss-50 p-3 text-sm" role="status" data-testid="driver-sharing">
          <p className="flex items-center gap-2 font-semibold text-moss-900">
            <span aria-hidden="true" className="inline-block size-2.5 animate-pulse rounded-full bg-moss-600" />
            {t('driverPage.sharing')}
          </p>
          {sharing.lastSentAt ? (
            <p className="mt-1 text-moss-800" data-testid="driver-last-sent">
              {t('driverPage.lastSent', { time: formatTime(sharing.lastSentAt, language) })}
            </p>
          ) : null}
          {sharing.problem ? (
            <p className="mt-1 font-semibold text-clay-700" role="alert">
              {sharing.problem}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="mt-4 grid gap-2">
        {sharing ? (
          <Button variant="secondary" onClick={onStop} data-testid="driver-stop">
            {t('driverPage.stop')}
          </Button>
        ) : (
          <Button onClick={onStart} data-testid="driver-start">
            {t('driverPage.start')}
          </Button>
        )}
        <Button variant={sharing ? 'primary' : 'secondary'} onClick={onDelivered} data-testid="driver-delivered">
          {t('driverPage.delivered')}
        </Button>
      </div>
    </li>
  );
}
