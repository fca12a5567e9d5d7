import type { Route } from './+types/order';
import { OrderProblem } from '../../features/orders/order-bits';
import { refusable } from '../../lib/route-data';
import { SellerOrderPage, sellerOrderActions } from '../../features/orders/seller/SellerOrderPage';
import { getStoreOrder, listDrivers } from '../../features/orders/seller/seller-orders-api';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Container } from '../../ui/Container';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('orders.storeOrderId')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

/** A store order the server will not show (not this store's, not there) is said in its words; the drivers are optional. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const [order, drivers] = await Promise.all([refusable(getStoreOrder(params.storeOrderId, request.signal)), listDrivers(request.signal).catch(() => [])]);
  return { order, drivers };
}

export const clientAction = ({ request, params }: Route.ClientActionArgs) => runAction(request, sellerOrderActions(params.storeOrderId));

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function SellerOrderRoute({ loaderData, params }: Route.ComponentProps) {
  const { order, drivers } = loaderData;
  if (!order.data) {
    return (
      <Container className="py-8">
        <OrderProblem message={order.problem.message} testId="seller-order-failed" />
      </Container>
    );
  }
  return <SellerOrderPage key={params.storeOrderId} storeOrder={order.data} drivers={drivers} />;
}
