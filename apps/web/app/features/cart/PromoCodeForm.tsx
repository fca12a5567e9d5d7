import type { TCart } from '@tessera/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { useCart } from './CartProvider';

/**
 * The promo code field of the cart and the checkout: apply (Enter or the button) or remove the code,
 * kept as the seed's `appliedPromocode`; a refused code shows the server's translated reason. A group,
 * not a form, so the checkout's form can hold it.
 */
export function PromoCodeForm({ cart }: { cart: TCart }) {
  const { t } = useTranslation();
  const { applyPromoCode, promoCode, loading } = useCart();
  const id = useId();
  const [code, setCode] = useState(promoCode ?? '');
  const promo = cart.promo;
  function apply() {
    const trimmed = code.trim();
    void applyPromoCode(trimmed || undefined);
  }
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="rounded-3xl border border-sand-200 bg-white p-5" data-testid="promo-form">
      <label id={`${id}-label`} htmlFor={id} className="font-semibold text-moss-900">
        {t('cart.promoLabel')}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply();
          }}
          maxLength={40}
          autoComplete="off"
          dir="ltr"
          className="field h-11 min-w-0 flex-1 uppercase"
          data-testid="promo-input"
        />
        <Button type="button" variant="secondary" disabled={loading} className="h-11" onClick={apply} data-testid="promo-apply">
          {t('cart.promoApply')}
        </Button>
      </div>
      {promo ? (
        promo.applied ? (
          <p className="mt-2 text-sm text-moss-700" role="status" data-testid="promo-applied">
            {t('cart.promoApplied', { code: promo.code })}{' '}
            <button type="button" className="underline" onClick={() => (setCode(''), void applyPromoCode(undefined))} data-testid="promo-remove">
              {t('cart.promoRemove')}
            </button>
          </p>
        ) : (
          <p className="mt-2 text-sm text-clay-700" role="alert" data-testid="promo-refused">
            {promo.message ?? t('cart.promoUnavailable')}
          </p>
        )
      ) : null}
    </div>
  );
}
