import type { StockState } from '@tessera/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useHydrated } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { CartIcon } from '../../ui/icons';
import { useCart } from './CartProvider';

// React Aria's NumberField (with its number parser and spin buttons) is loaded once the page has
// hydrated; until then the same field stands there, inert, as the NumberField was before hydration.
const QuantityStepper = lazy(() => import('./QuantityStepper').then((module) => ({ default: module.QuantityStepper })));

// The question appears only when a self-pickup cart holds another seller's products: its dialog
// (React Aria's modal, focus scope and overlays) is loaded when it is asked, not with the page.
const ReplaceCartDialog = lazy(() => import('./ReplaceCartDialog').then((module) => ({ default: module.ReplaceCartDialog })));

/**
 * Quantity and 'Add to cart' on the product page. The quantity starts at the minimum order and goes
 * no higher than the stock; a product with colours or sizes needs its variant chosen first.
 */
export function AddToCart({
  productId,
  variantId,
  needsVariant,
  moq,
  stock,
  stockState,
}: {
  productId: string;
  variantId: string | null;
  needsVariant: boolean;
  moq: number;
  stock: number;
  stockState: StockState;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const cart = useCart();
  const minimum = Math.max(1, moq);
  const [quantity, setQuantity] = useState(minimum);
  const [busy, setBusy] = useState(false);
  const [askReplace, setAskReplace] = useState(false);
  if (stockState !== 'in_stock') return null;
  const blocked = needsVariant && !variantId;

  async function add(replaceCart: boolean) {
    // A double click adds once: the second press finds the first still running.
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await cart.add({
        productId,
        variantId,
        quantity,
        ...(replaceCart ? { replaceCart: true } : {}),
      });
      if (outcome === 'other-seller') setAskReplace(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-5 flex flex-wrap items-end gap-3" data-testid="add-to-cart">
      {hydrated ? (
        <Suspense fallback={<StepperPlaceholder value={quantity} label={t('cart.quantity')} />}>
          <QuantityStepper
            value={quantity}
            min={minimum}
            max={Math.max(minimum, stock)}
            onChange={setQuantity}
            label={t('cart.quantity')}
            testId="add-to-cart-quantity"
          />
        </Suspense>
      ) : (
        <StepperPlaceholder value={quantity} label={t('cart.quantity')} />
      )}
      <Button onClick={() => void add(false)} disabled={!hydrated || busy || blocked} className="h-11" data-testid="add-to-cart-button">
        <CartIcon width={18} height={18} />
        {busy ? t('cart.adding') : t('cart.addToCart')}
      </Button>
      {blocked ? <p className="w-full text-sm text-ink-muted">{t('cart.chooseVariant')}</p> : null}
      {askReplace ? (
        <Suspense fallback={null}>
          <ReplaceCartDialog
            open
            onKeep={() => setAskReplace(false)}
            onReplace={() => {
              setAskReplace(false);
              void add(true);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The quantity field as it looks before React Aria's NumberField has loaded: the value, the − and + buttons, inert. */
function StepperPlaceholder({ value, label }: { value: number; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-semibold text-moss-900">{label}</span>
      <div className="inline-flex h-11 w-fit items-center overflow-hidden rounded-full border border-sand-300 bg-white">
        <button type="button" disabled aria-label={t('cart.decrease')} className="h-full w-10 text-lg text-moss-800 disabled:opacity-40">
          −
        </button>
        <input readOnly disabled aria-label={label} value={value} className="h-full w-14 border-x border-sand-200 text-center tabular-nums outline-none" />
        <button type="button" disabled aria-label={t('cart.increase')} className="h-full w-10 text-lg text-moss-800 disabled:opacity-40">
          +
        </button>
      </div>
    </div>
  );
}
