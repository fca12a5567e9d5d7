import type { Route } from './+types/orders';
import { AdminOrdersPage, adminOrderFilters } from '../../features/orders/admin/AdminOrdersPage';
import { listAdminOrders } from '../../features/orders/admin/admin-orders-api';
import { refusable } from '../../lib/route-data';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portalOrders.nav')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

/** The filters are in the address; a filter the server refuses is said above the (empty) list. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filters = adminOrderFilters(request.url);
  const { data, problem } = await refusable(listAdminOrders(filters, undefined, request.signal));
  return { filters, first: data, problem };
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function AdminOrdersRoute({ loaderData }: Route.ComponentProps) {
  return <AdminOrdersPage filters={loaderData.filters} first={loaderData.first} problem={loaderData.problem} />;
}
