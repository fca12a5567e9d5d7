import { useTranslation } from '../../lib/i18n/react';
import { ButtonLink } from '../../ui/Button';
import { CartIcon } from '../../ui/icons';

/** 'cart is empty' (seed §8) with a way back to the products; the cart and the checkout each say why in their own words. */
export function EmptyCart({ hint, testId }: { hint: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-8 flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
      <span className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-moss-50 text-moss-700">
        <CartIcon width={30} height={30} />
      </span>
      <p className="mt-6 text-2xl font-semibold text-moss-900 first-letter:uppercase" data-testid={testId}>
        {t('cart.empty')}
      </p>
      <p className="mt-2 max-w-md text-ink-muted">{hint}</p>
      <ButtonLink to="/search" className="mt-8">
        {t('cart.browse')}
      </ButtonLink>
    </div>
  );
}
