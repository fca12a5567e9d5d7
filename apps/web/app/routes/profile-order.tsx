import type { Route } from './+types/profile-order';
import { OrderPage } from '../features/orders/OrderPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('orders.orderId'), noIndex: true }));

/** One of the buyer's orders, followed live. */
export default function ProfileOrder({ params }: Route.ComponentProps) {
  return <OrderPage orderId={params.orderId} />;
}
