import type { TCart, TExchangeRate, TMoney } from '@tessera/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { usePreferences } from '../../lib/preferences';
import { money } from '../catalog/format';

/**
 * The seed's cart totals (subtotal before tax, delivery fees, estimated tax, coupon, total after tax, savings) and what follows them;
 * in another currency than the store's, the rate they were converted at.
 */
export function CartTotals({ cart, children }: { cart: Pick<TCart, 'totals'> & { exchangeRate?: TExchangeRate | null | undefined }; children?: ReactNode }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const rows: Array<['subtotalBeforeTax' | 'deliveryFees' | 'estimatedTax' | 'coupon', TMoney]> = [
    ['subtotalBeforeTax', cart.totals.subtotalBeforeTax],
    ['deliveryFees', cart.totals.deliveryFees],
    ['estimatedTax', cart.totals.estimatedTax],
  ];
  if (cart.totals.coupon.amount > 0) rows.push(['coupon', { ...cart.totals.coupon, amount: -cart.totals.coupon.amount }]);
  return (
    <section className="rounded-3xl border border-sand-200 bg-white p-5" aria-labelledby="cart-summary" data-testid="cart-totals">
      <h2 id="cart-summary" className="text-lg font-semibold">
        {t('cart.summary')}
      </h2>
      <dl className="mt-3 space-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4" data-testid={`total-${label}`}>
            <dt className="text-ink-muted">{t(`cart.${label}`)}</dt>
            <dd className="tabular-nums">{money(value, language)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-sand-200 pt-2 text-base font-semibold" data-testid="total-totalAfterTax">
          <dt>{t('cart.totalAfterTax')}</dt>
          <dd className="tabular-nums">{money(cart.totals.totalAfterTax, language)}</dd>
        </div>
        {cart.totals.savings.amount > 0 ? (
          <div className="flex justify-between gap-4 text-moss-700" data-testid="total-savings">
            <dt>{t('cart.savings')}</dt>
            <dd className="tabular-nums">{money(cart.totals.savings, language)}</dd>
          </div>
        ) : null}
      </dl>
      {cart.exchangeRate ? (
        // The team's rate the amounts were converted at (an order's: the one it was charged at).
        <p className="mt-2 text-xs text-ink-muted" data-testid="exchange-rate">
          {t('cart.rateLine')} <bdi dir="ltr">{`1 ${cart.exchangeRate.from} = ${cart.exchangeRate.rate} ${cart.exchangeRate.to}`}</bdi>
        </p>
      ) : null}
      {children}
    </section>
  );
}
