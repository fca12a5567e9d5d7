import { CURRENCIES } from '@tessera/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Button, FieldError, Input, Label, TextField } from 'react-aria-components';
import { DialogShell, DialogTitle } from '../../../ui/DialogShell';

export interface OfferTerms {
  quantity: number;
  /** Minor units. */
  price: number;
}

function minorDigits(currency: string): number {
  return CURRENCIES.find((c) => c.code === currency)?.minorDigits ?? 2;
}

/** "12,50" or "12.50" → 1250 (minor units); null when it is not a price. */
export function parsePrice(text: string, currency: string): number | null {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  const digits = minorDigits(currency);
  const value = Math.round(Number(normalized) * 10 ** digits);
  return Number.isSafeInteger(value) ? value : null;
}

export function priceText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

const fieldClass = 'mt-1 block w-full rounded-lg border border-sand-500 bg-white px-3 py-2 text-base outline-none focus:border-moss-600 data-[invalid]:border-red-700';

/**
 * The offer form in a modal dialog (React Aria: focus kept inside, Escape closes): quantity and unit
 * price, plus whatever the caller puts above them (the product, when making a new offer).
 */
export function OfferDialog({
  open,
  mode,
  currency,
  initial,
  onClose,
  onSubmit,
  children,
  canSubmit = true,
}: {
  open: boolean;
  mode: 'make' | 'counter';
  currency: string;
  initial: OfferTerms;
  onClose(): void;
  onSubmit(terms: OfferTerms): Promise<void>;
  children?: ReactNode;
  canSubmit?: boolean;
}) {
  const { t } = useTranslation('chat');
  const [quantity, setQuantity] = useState(String(initial.quantity));
  const [price, setPrice] = useState(priceText(initial.price, currency));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ quantity?: string; price?: string }>({});

  useEffect(() => {
    if (!open) return;
    setQuantity(String(initial.quantity));
    setPrice(priceText(initial.price, currency));
    setErrors({});
  }, [open, initial.quantity, initial.price, currency]);

  async function submit() {
    const qty = Number(quantity);
    const minor = parsePrice(price, currency);
    const found = {
      ...(Number.isInteger(qty) && qty >= 1 ? {} : { quantity: t('offer.invalidQuantity') }),
      ...(minor !== null ? {} : { price: t('offer.invalidPrice') }),
    };
    setErrors(found);
    if (found.quantity || found.price || minor === null) return;
    setBusy(true);
    try {
      await onSubmit({ quantity: qty, price: minor });
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogShell open={open} onClose={onClose} testId="offer-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <DialogTitle>
          {mode === 'make' ? t('offer.makeTitle') : t('offer.counterTitle')}
        </DialogTitle>
        {mode === 'counter' ? <p className="mt-1 text-sm text-ink-muted">{t('offer.counterLead')}</p> : null}
        <div className="mt-5 space-y-4">
          {children}
          <div className="grid grid-cols-2 gap-3">
            <TextField value={quantity} onChange={setQuantity} isInvalid={Boolean(errors.quantity)} inputMode="numeric" autoFocus={mode === 'counter'}>
              <Label className="text-sm font-semibold">{t('offer.quantity')}</Label>
              <Input className={fieldClass} data-testid="offer-quantity" />
              <FieldError className="mt-1 block text-sm text-red-800">{errors.quantity}</FieldError>
            </TextField>
            <TextField value={price} onChange={setPrice} isInvalid={Boolean(errors.price)} inputMode="decimal">
              <Label className="text-sm font-semibold">
                {t('offer.price')} <span className="font-normal text-ink-muted">({currency})</span>
              </Label>
              <Input className={fieldClass} data-testid="offer-price-input" dir="ltr" />
              <FieldError className="mt-1 block text-sm text-red-800">{errors.price}</FieldError>
            </TextField>
          </div>
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button onPress={onClose} className="rounded-full px-4 py-2 font-semibold text-moss-800 hover:bg-moss-50">
            {t('offer.cancel')}
          </Button>
          <Button type="submit" isDisabled={busy || !canSubmit} data-testid="offer-submit" className="rounded-full bg-moss-700 px-5 py-2 font-semibold text-white hover:bg-moss-800 disabled:opacity-60 data-[disabled]:opacity-60">
            {mode === 'make' ? t('offer.send') : t('offer.sendCounter')}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
