import type { Route } from './+types/profile-orders';
import { OrdersPage } from '../features/orders/OrdersPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('orders.title'), noIndex: true }));

/** The buyer's active and past orders. */
export default function ProfileOrders() {
  return <OrdersPage />;
}
