import type { Route } from './+types/cart';
import { CartPage } from '../features/cart/CartPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('cart.title'), noIndex: true }));

/** The cart: the buyer's own, so it is fetched in the browser with his token. */
export default function Cart() {
  return <CartPage />;
}
