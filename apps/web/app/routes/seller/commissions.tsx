import type { Route } from './+types/commissions';
import { sellerCommissionsApi } from '../../features/commissions/api';
import { SellerCommissionsPage } from '../../features/commissions/seller/SellerCommissionsPage';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('commissions:seller.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return sellerCommissionsApi.inbox(request.signal);
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function SellerCommissionsRoute({ loaderData }: Route.ComponentProps) {
  return <SellerCommissionsPage inbox={loaderData} />;
}
