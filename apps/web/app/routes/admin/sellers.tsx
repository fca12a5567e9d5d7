import type { Route } from './+types/sellers';
import { SellersQueue, SELLERS_PATH, type SellerApplication } from '../../features/accounts/admin/SellersQueue';
import { listQueue, queueStatusOf } from '../../features/accounts/admin/review';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.sellers.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

/** The status is in the address (?status=approved); the first page comes with the route. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { first: await listQueue<SellerApplication>(SELLERS_PATH, queueStatusOf(request.url), undefined, request.signal) };
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SellersQueue first={loaderData.first} />;
}
