import type { TStoreOrder } from '@tessera/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useRouteLoaderData } from 'react-router';
import { formatNumber, formatTime } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import type { RootData } from '../../lib/root-data';
import type { TrackingMapHandle, TrackingPoints } from './map-view';
import { estimateArrival, type LatLng } from './tracking-math';

type MapState = 'loading' | 'ready' | 'failed';

/** Store orders whose way to the buyer can be drawn: delivered ones by a driver, not cancelled. */
export function isTrackable(storeOrder: TStoreOrder, destination: LatLng | null): destination is LatLng {
  return destination !== null && storeOrder.deliveryMode === 'DELIVERY' && !['cancelled', 'refunded'].includes(storeOrder.status);
}

/**
 * The tracking section of a store order (issue #11 §5): the store, the driver and the destination on
 * a map with the route, and the estimated arrival while the order is out for delivery. The map code
 * (MapLibre GL, the world outline) is loaded only when this section is shown. The driver marker
 * follows `storeOrder.driverPosition`, which the order page keeps current from the live events.
 */
export function TrackingMap({ storeOrder, destination }: { storeOrder: TStoreOrder; destination: LatLng }) {
  const { t } = useTranslation();
  const { language, dir } = usePreferences();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const tileUrl = root?.config.map?.tileUrl ?? null;
  const attribution = root?.config.map?.attribution ?? null;
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<TrackingMapHandle | null>(null);
  const [state, setState] = useState<MapState>('loading');
  const [layers, setLayers] = useState('');
  const [attempt, setAttempt] = useState(0);

  const out = storeOrder.status === 'out_for_delivery';
  const driver = out || storeOrder.status === 'delivered' ? storeOrder.driverPosition : null;
  const points = useMemo<TrackingPoints>(
    () => ({
      store: { latitude: storeOrder.store.latitude, longitude: storeOrder.store.longitude },
      destination,
      driver: driver ? { latitude: driver.latitude, longitude: driver.longitude } : null,
    }),
    [storeOrder.store.latitude, storeOrder.store.longitude, destination, driver],
  );
  const latest = useRef(points);
  latest.current = points;

  const labels = useMemo(
    () => ({
      store: t('tracking.store'),
      driver: t('tracking.driver'),
      destination: t('tracking.destination'),
      zoomIn: t('tracking.zoomIn'),
      zoomOut: t('tracking.zoomOut'),
    }),
    [t],
  );

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    setState('loading');
    import('./map-view')
      .then(({ createTrackingMap }) => createTrackingMap({ container: element, tileUrl, attribution, rtl: dir === 'rtl', labels, points: latest.current }))
      .then((map) => {
        if (cancelled) return map.destroy();
        handle.current = map;
        // Positions that came while the map was loading.
        map.update(latest.current);
        setLayers(map.layers().join(' '));
        setState('ready');
      })
      .catch((error: unknown) => {
        console.warn('[map] could not be drawn', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [tileUrl, attribution, dir, labels, attempt]);

  useEffect(() => {
    handle.current?.update(points);
  }, [points]);

  const eta = out && driver ? estimateArrival(driver, destination) : null;

  return (
    <section className="px-5 pt-4" aria-labelledby={`tracking-${storeOrder.storeOrderId}`} data-testid="tracking">
      <h3 id={`tracking-${storeOrder.storeOrderId}`} className="text-sm font-semibold text-ink-muted">
        {t('tracking.title')}
      </h3>
      <p className="mt-1 text-sm font-semibold" role="status" data-testid="tracking-eta">
        {eta
          ? t('tracking.eta', { time: formatTime(eta.at, language), minutes: formatNumber(eta.minutes, language) })
          : out
            ? t('tracking.waitingForDriver')
            : storeOrder.status === 'delivered'
              ? t('tracking.delivered')
              : t('tracking.notYetOut')}
      </p>
      <div
        className="relative mt-3 overflow-hidden rounded-2xl border border-sand-200 bg-[#dce9ec]"
        data-testid="tracking-map"
        data-map-state={state}
        data-basemap={tileUrl ? 'tiles' : 'outline'}
        data-layers={layers}
      >
        {/* MapLibre owns this element (and makes it position: relative); React draws nothing inside it. */}
        <div ref={container} className="h-64 w-full sm:h-80" dir="ltr" />
        {state === 'loading' ? <p className="absolute inset-0 grid place-items-center text-sm text-ink-muted">{t('tracking.loading')}</p> : null}
        {state === 'failed' ? (
          <div className="absolute inset-0 grid place-items-center bg-sand-50 p-4 text-center text-sm" role="alert">
            <div>
              <p>{t('tracking.failed')}</p>
              <button type="button" className="mt-2 font-semibold text-moss-700 underline" onClick={() => setAttempt((n) => n + 1)}>
                {t('tracking.retry')}
              </button>
            </div>
          </div>
        ) : null}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted">
        <Legend swatch="rounded-[3px] bg-[#7a4b2a]" label={t('tracking.store')} />
        <Legend swatch="rounded-full bg-[#2f6b4f]" label={t('tracking.driver')} />
        <Legend swatch="rounded-full bg-[#b4532a]" label={t('tracking.destination')} />
        {eta ? <li>{t('tracking.distanceLeft', { km: formatNumber(eta.km, language, { maximumFractionDigits: 1 }) })}</li> : null}
      </ul>
    </section>
  );
}

function Legend({ swatch, label }: { swatch: string; label: string }) {
  return (
    <li className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={`inline-block size-3 ${swatch}`} />
      {label}
    </li>
  );
}
