import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Container } from '../../ui/Container';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { useCart } from '../cart/CartProvider';
import { EmptyCart } from '../cart/EmptyCart';
import { CheckoutForm } from './CheckoutForm';
import { ApprovalBanner } from '../profile/ApprovalBanner';

/**
 * Checkout: a guest is sent to log in (and comes back), a buyer whose company waits for approval or
 * was rejected is told 'profile not approved (contact customer care)' (seed §8), an empty cart says
 * 'cart is empty', and everyone else fills in the checkout form.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const account = useBuyerAccount({ fresh: true });
  const profile = account.profile;
  const allowed = profile?.canCheckout === true;
  const cart = useCart();
  const { refresh } = cart;
  useEffect(() => {
    if (allowed) void refresh();
  }, [allowed, refresh]);

  if (!profile) return <AccountLoading failed={account.failed} />;

  if (!allowed) {
    return (
      <Container className="py-12 sm:py-16">
        <h1 className="text-4xl font-semibold">{t('checkout.title')}</h1>
        <div className="mt-8 max-w-2xl" data-testid="checkout-blocked">
          <ApprovalBanner profile={profile} />
        </div>
      </Container>
    );
  }

  const view = cart.cart;
  return (
    <Container className="py-8 sm:py-12">
      <h1 className="text-3xl font-semibold sm:text-4xl">{t('checkout.title')}</h1>
      <div data-testid="checkout-page">
        {!view ? (
          <AccountLoading failed={cart.error} />
        ) : view.sellers.length === 0 ? (
          <EmptyCart hint={t('checkout.emptyHint')} testId="checkout-empty" />
        ) : (
          <CheckoutForm cart={view} />
        )}
      </div>
    </Container>
  );
}
