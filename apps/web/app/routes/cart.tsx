import { useTranslation } from 'react-i18next';
import type { Route } from './+types/cart';
import { pageMeta } from '../lib/seo';
import { ButtonLink } from '../ui/Button';
import { Container } from '../ui/Container';
import { CartIcon } from '../ui/icons';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('cart.title'), noIndex: true }));

/** The cart. Nothing can be added yet, so it says so (seed §8 "cart is empty"). */
export default function Cart() {
  const { t } = useTranslation();
  return (
    <Container className="py-12 sm:py-16">
      <h1 className="text-4xl font-semibold">{t('cart.title')}</h1>
      <div className="mt-8 flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
        <span className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-moss-50 text-moss-700">
          <CartIcon width={30} height={30} />
        </span>
        <p className="mt-6 text-2xl font-semibold text-moss-900 first-letter:uppercase" data-testid="cart-empty">
          {t('cart.empty')}
        </p>
        <p className="mt-2 max-w-md text-ink-muted">{t('cart.hint')}</p>
        <ButtonLink to="/search" className="mt-8">
          {t('cart.browse')}
        </ButtonLink>
      </div>
    </Container>
  );
}
