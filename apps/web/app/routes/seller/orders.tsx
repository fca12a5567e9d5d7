import type { Route } from './+types/orders';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { SellerOrdersPage, sellerOrderFilters } from '../../features/orders/seller/SellerOrdersPage';
import { listStoreOrders, storeTotals } from '../../features/orders/seller/seller-orders-api';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portalOrders.nav')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

/** The filters are in the address; the totals are a bonus: the list shows without them, as before. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filters = sellerOrderFilters(request.url);
  const [first, totals] = await Promise.all([
    listStoreOrders({ status: filters.status || undefined, cancelRequests: filters.cancelRequests }, request.signal),
    storeTotals(request.signal).catch(() => null),
  ]);
  return { filters, first, totals };
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function SellerOrdersRoute({ loaderData }: Route.ComponentProps) {
  return <SellerOrdersPage filters={loaderData.filters} first={loaderData.first} totals={loaderData.totals} />;
}
