import type { TOffer } from '@tessera/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useNavigate } from 'react-router';
import { formatNumber } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { useCart } from '../cart/CartProvider';
import { formatDate, money } from '../catalog/format';

/** The page's title and lead around its body: the offers, or the route's error state. */
export function OffersFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container className="py-8 sm:py-12">
      <h1 className="text-3xl font-semibold sm:text-4xl">{t('offers.title')}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">{t('offers.lead')}</p>
      <div className="mt-6" data-testid="offers-page">
        {children}
      </div>
    </Container>
  );
}

/**
 * The offers page: the active public promo codes, each with its conditions and a button that applies
 * it to the cart. The route's server loader reads them (routes/offers.tsx): they are in the HTML.
 */
export function OffersPage({ offers }: { offers: TOffer[] }) {
  const { t } = useTranslation();
  return (
    <OffersFrame>
      {offers.length === 0 ? (
        <p className="rounded-3xl border border-sand-200 bg-white p-6 text-ink-muted" data-testid="offers-empty">
          {t('offers.none')}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="offers-list">
          {offers.map((offer) => (
            <OfferCard key={offer.promoId} offer={offer} />
          ))}
        </ul>
      )}
    </OffersFrame>
  );
}

function OfferCard({ offer }: { offer: TOffer }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const navigate = useNavigate();
  const { applyPromoCode } = useCart();
  const value =
    offer.discountType === 'percentage'
      ? formatNumber(offer.value / 100, language, { style: 'percent' })
      : money({ amount: offer.value, currency: offer.currency }, language);
  const conditions: string[] = [
    offer.minPurchase.amount > 0 ? t('offers.minPurchase', { amount: money(offer.minPurchase, language) }) : null,
    offer.maxDiscount ? t('offers.maxDiscount', { amount: money(offer.maxDiscount, language) }) : null,
    offer.firstOrderOnly ? t('offers.firstOrderOnly') : null,
    offer.paymentMethods.length > 0 ? t('offers.paymentMethods', { methods: offer.paymentMethods.map((m) => t(`payment.${m}`)).join(', ') }) : null,
    offer.deliveryModes.length === 1 ? t(`delivery.${offer.deliveryModes[0]!}`) : null,
    offer.endsAt ? t('offers.endsAt', { date: formatDate(offer.endsAt, language) }) : null,
  ].filter((text) => text !== null);

  async function use() {
    await applyPromoCode(offer.promo_code);
    void navigate('/cart');
  }

  return (
    <li className="flex flex-col rounded-3xl border border-sand-200 bg-white p-5" data-testid="offer" data-code={offer.promo_code}>
      <p className="text-2xl font-semibold text-moss-800">{offer.appliesTo === 'delivery' ? t('offers.offDelivery', { value }) : t('offers.off', { value })}</p>
      <p className="mt-1 font-semibold text-moss-900" dir="auto">
        {offer.title}
      </p>
      {conditions.length > 0 ? (
        <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-ink-muted">
          {conditions.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-4">
        <code className="rounded-xl border border-dashed border-moss-500 px-3 py-1.5 font-mono text-sm font-bold tracking-wider text-moss-900" dir="ltr">
          {offer.promo_code}
        </code>
        <Button variant="secondary" onClick={() => void use()} data-testid="offer-use">
          {t('offers.use')}
        </Button>
      </div>
    </li>
  );
}
