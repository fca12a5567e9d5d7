import { useTranslation } from '../../lib/i18n/react';
import { formatSlot, timeZoneName } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';

/**
 * A store order's delivery (or pickup) time as the store keeps it: in the store's time zone, whatever
 * the device's, with the zone named under it (issue #11: a buyer in Madrid ordering from Kuala Lumpur
 * sees the slot he chose, not a shifted one).
 */
export function SlotTime({ start, end, timeZone }: { start: number; end: number | null; timeZone: string }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  return (
    <span data-testid="delivery-slot" data-time-zone={timeZone}>
      <span className="tabular-nums">{formatSlot(start, end, language, timeZone)}</span>
      <span className="block text-xs font-normal text-ink-muted" data-testid="delivery-slot-zone">
        {t('orders.storeTime', { zone: timeZoneName(timeZone, language, start) })}
      </span>
    </span>
  );
}
