import type { TCart } from '@tessera/contracts';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { formatNumber } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { money } from '../catalog/format';
import { CardChooser } from './CardChooser';
import { PAYMENT_METHODS, walletPart, type Funds, type PaymentChoice, type PaymentMethod } from './payment-choice';

const chip = ({ isSelected, isFocusVisible }: { isSelected: boolean; isFocusVisible: boolean }) =>
  `block cursor-pointer rounded-2xl border px-4 py-3 text-sm ${isSelected ? 'border-moss-700 bg-moss-50 text-moss-900' : 'border-sand-300 hover:border-moss-500'} ${
    isFocusVisible ? 'ring-2 ring-moss-500 ring-offset-2' : ''
  }`;

/** The checkout's payment: cash on delivery, card, wallet or wallet + card (the balance shown), the card, and bonus points. */
export function PaymentSection({
  cart,
  funds,
  value,
  onChange,
}: {
  cart: TCart;
  funds: Funds;
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
}) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const wallet = funds.wallet;
  const fromWallet = walletPart(funds, cart);
  const total = cart.totals.totalAfterTax;
  const points = funds.points;
  // Wallet + card only makes sense with some balance that does not cover the whole order.
  const methods = PAYMENT_METHODS.filter((method) => method !== 'WalletCard' || (fromWallet > 0 && fromWallet < total.amount));
  const label = (method: PaymentMethod) => (method === 'WalletCard' ? t('checkout.walletAndCard') : t(`payment.${method}`));

  return (
    <section className="rounded-3xl border border-sand-200 bg-white p-5">
      <RadioGroup value={value.method} onChange={(method) => onChange({ ...value, method: method as PaymentMethod })} data-testid="checkout-payment">
        <Label className="text-lg font-semibold">{t('checkout.paymentTitle')}</Label>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {methods.map((method) => (
            <Radio key={method} value={method} className={chip} data-testid={`payment-${method}`}>
              <span className="block font-semibold">{label(method)}</span>
              {method === 'Wallet' && wallet ? (
                <span className="block text-ink-muted" data-testid="checkout-wallet-balance">
                  {t('checkout.walletBalance', { amount: money(wallet.balanceInRequestedCurrency, language) })}
                </span>
              ) : null}
              {method === 'WalletCard' ? (
                <span className="block text-ink-muted">
                  {t('checkout.walletCardSplit', {
                    wallet: money({ amount: fromWallet, currency: total.currency }, language),
                    card: money({ amount: total.amount - fromWallet, currency: total.currency }, language),
                  })}
                </span>
              ) : null}
            </Radio>
          ))}
        </div>
      </RadioGroup>

      {value.method === 'Wallet' && fromWallet < total.amount ? (
        <p className="mt-3 text-sm text-clay-700" data-testid="wallet-short">
          {t('checkout.walletShort')}
        </p>
      ) : null}

      {value.method === 'Card' || value.method === 'WalletCard' ? (
        <div className="mt-4">
          <CardChooser value={value.card} onChange={(card) => onChange({ ...value, card })} />
        </div>
      ) : null}

      {points && points.bonusPoint > 0 && value.method !== 'COD' ? (
        <label className="mt-4 flex items-center gap-2 text-sm" data-testid="use-points">
          <input type="checkbox" checked={value.usePoints} onChange={(event) => onChange({ ...value, usePoints: event.target.checked })} />
          {t('checkout.usePoints', { points: formatNumber(points.bonusPoint, language), amount: money(points.worth, language) })}
        </label>
      ) : null}
    </section>
  );
}
