import type { DeliveryMode, TCartSeller } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { formatTime, intlLocale, timeZoneName } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { deliverySlots, type DeliverySlots } from './checkout-api';

/** One seller's delivery (or pickup) times of the next days, grouped by day in the store's time zone; full slots are not offered. */
export function SlotPicker({
  seller,
  mode,
  value,
  onChange,
}: {
  seller: TCartSeller;
  mode: DeliveryMode;
  value: number | undefined;
  onChange: (start: number) => void;
}) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const [slots, setSlots] = useState<DeliverySlots | null | undefined>(undefined);
  const [day, setDay] = useState<string | undefined>(undefined);

  useEffect(() => {
    let current = true;
    deliverySlots(seller.storeId, mode).then(
      (answer) => current && setSlots(answer),
      () => current && setSlots(null),
    );
    return () => {
      current = false;
    };
  }, [seller.storeId, mode]);

  const open = slots?.slots.filter((slot) => slot.remaining > 0) ?? [];
  const days = new Map<string, typeof open>();
  if (slots) {
    const dayOf = new Intl.DateTimeFormat(intlLocale(language), { weekday: 'short', day: 'numeric', month: 'short', timeZone: slots.timeZone });
    for (const slot of open) {
      const day = dayOf.format(slot.start);
      days.set(day, [...(days.get(day) ?? []), slot]);
    }
  }
  // The day of the chosen time, else the one picked, else the first with a free time.
  const chosenDay = value !== undefined ? [...days.entries()].find(([, daySlots]) => daySlots.some((slot) => slot.start === value))?.[0] : undefined;
  const shownDay = day ?? chosenDay ?? days.keys().next().value;
  return (
    <div data-testid="slot-picker" data-store-id={seller.storeId}>
      <p className="text-sm font-semibold text-moss-900">
        <bdi>{t('checkout.slotFor', { store: seller.storeName })}</bdi>
      </p>
      {mode === 'SELF_PICKUP' ? (
        <p className="text-sm text-ink-muted">{t('checkout.pickupFrom', { store: seller.storeName, address: seller.pickup.address })}</p>
      ) : null}
      {slots === undefined ? (
        <p className="mt-2 text-sm text-ink-muted" role="status">
          {t('common.loading')}
        </p>
      ) : open.length === 0 ? (
        <p className="mt-2 text-sm text-clay-700">{t('checkout.slotNone')}</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-ink-muted" data-testid="slot-zone">
            {t('orders.storeTime', { zone: timeZoneName(slots!.timeZone, language) })}
          </p>
          {/* A day first, then its free times: a week of times at once is too much to read. */}
          <RadioGroup
            value={shownDay ?? null}
            onChange={setDay}
            aria-label={t('checkout.slotDay')}
            orientation="horizontal"
            className="mt-2 flex flex-wrap gap-2"
          >
            {[...days.keys()].map((label) => (
              <Radio
                key={label}
                value={label}
                data-testid="slot-day"
                className={({ isSelected, isFocusVisible }) =>
                  `cursor-pointer rounded-xl border px-3 py-1.5 text-sm ${isSelected ? 'border-moss-700 bg-moss-800 font-semibold text-white' : 'border-sand-300 hover:border-moss-500'} ${
                    isFocusVisible ? 'ring-2 ring-moss-500 ring-offset-2' : ''
                  }`
                }
              >
                {label}
              </Radio>
            ))}
          </RadioGroup>
          <RadioGroup
            value={value !== undefined ? String(value) : null}
            onChange={(chosen) => onChange(Number(chosen))}
            aria-label={t('checkout.slotFor', { store: seller.storeName })}
            orientation="horizontal"
            className="mt-3 flex flex-wrap gap-2"
          >
            {(days.get(shownDay ?? '') ?? []).map((slot) => (
              <Radio
                key={slot.start}
                value={String(slot.start)}
                data-testid="slot"
                className={({ isSelected, isFocusVisible }) =>
                  `cursor-pointer rounded-full border px-3 py-1.5 text-sm tabular-nums ${
                    isSelected ? 'border-moss-700 bg-moss-50 font-semibold text-moss-900' : 'border-sand-300 hover:border-moss-500'
                  } ${isFocusVisible ? 'ring-2 ring-moss-500 ring-offset-2' : ''}`
                }
              >
                {formatTime(slot.start, language, slots?.timeZone)}–{formatTime(slot.end, language, slots?.timeZone)}
              </Radio>
            ))}
          </RadioGroup>
        </>
      )}
    </div>
  );
}
