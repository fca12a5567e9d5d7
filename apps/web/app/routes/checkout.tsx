import type { Route } from './+types/checkout';
import { CheckoutPage } from '../features/checkout/CheckoutPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('checkout.title'), noIndex: true }));

/** Checkout: the login and approval checks before carts exist. */
export default function Checkout() {
  return <CheckoutPage />;
}
