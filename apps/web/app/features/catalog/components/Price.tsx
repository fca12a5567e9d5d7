import type { TMoney } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { usePreferences } from '../../../lib/preferences';
import { money } from '../format';

/** The price, the maximum retail price struck through and the discount, when there is one. */
export function Price({
  price,
  mrp,
  discountPercent,
  size = 'md',
  badge = true,
}: {
  price: TMoney;
  mrp: TMoney;
  discountPercent: number;
  size?: 'md' | 'lg';
  /** Show the discount beside the price (cards show it on the image instead). */
  badge?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const { language } = usePreferences();
  const discounted = discountPercent > 0 && mrp.amount > price.amount;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5" data-testid="price">
      <span className={size === 'lg' ? 'text-3xl font-semibold text-moss-900' : 'text-lg font-semibold text-moss-900'}>{money(price, language)}</span>
      {discounted ? (
        <>
          <s className="text-sm text-ink-muted" aria-label={t('price.mrp', { price: money(mrp, language) })}>
            {money(mrp, language)}
          </s>
          {badge ? <span className="rounded-full bg-clay-50 px-2 py-0.5 text-xs font-semibold text-clay-700">{t('price.off', { percent: discountPercent })}</span> : null}
        </>
      ) : null}
    </div>
  );
}

export function Stars({ rating, reviewCount, compact = false }: { rating: number; reviewCount: number; compact?: boolean }) {
  const { t } = useTranslation('catalog');
  const { language } = usePreferences();
  if (reviewCount === 0 && rating === 0) return null;
  const value = new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(rating);
  return (
    // A plain span may not carry aria-label (axe: aria-prohibited-attr): the words are in a
    // visually hidden span and the star and figure are hidden from screen readers.
    <span className="inline-flex items-center gap-1 text-sm text-ink-muted">
      <span className="sr-only">{t('rating.label', { rating: value })}</span>
      <span aria-hidden="true" className="text-ochre-400">
        ★
      </span>
      <span aria-hidden="true" className="font-semibold text-ink">
        {value}
      </span>
      {reviewCount === 0 ? null : compact ? (
        <>
          <span aria-hidden="true">({reviewCount})</span>
          <span className="sr-only">{t('rating.reviews', { count: reviewCount })}</span>
        </>
      ) : (
        <span>· {t('rating.reviews', { count: reviewCount })}</span>
      )}
    </span>
  );
}
