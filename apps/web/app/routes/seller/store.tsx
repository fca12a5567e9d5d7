import type { Route } from './+types/store';
import { storeApi } from '../../features/accounts/seller/api';
import { StoreEditor } from '../../features/accounts/seller/StoreEditor';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:seller.store.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

/** The store is the seller layout's (its loader runs again after these, so the header shows the new name). */
export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, { saveStore: storeApi.save, uploadLogo: storeApi.uploadLogo });
export const ErrorBoundary = PortalRouteError;

export default function SellerStorePage() {
  return <StoreEditor />;
}
