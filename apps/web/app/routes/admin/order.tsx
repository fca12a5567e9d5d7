import type { Route } from './+types/order';
import { AdminOrderPage, adminOrderActions } from '../../features/orders/admin/AdminOrderPage';
import { getAdminOrder } from '../../features/orders/admin/admin-orders-api';
import { OrderProblem } from '../../features/orders/order-bits';
import { refusable } from '../../lib/route-data';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('orders.orderId')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

/** An order the server will not show (not there) is said in its words. */
export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) => refusable(getAdminOrder(params.orderId, request.signal));

export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, adminOrderActions);

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function AdminOrderRoute({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.data) {
    return (
      <div className="py-8">
        <OrderProblem message={loaderData.problem.message} testId="admin-order-failed" />
      </div>
    );
  }
  return <AdminOrderPage key={params.orderId} order={loaderData.data} />;
}
