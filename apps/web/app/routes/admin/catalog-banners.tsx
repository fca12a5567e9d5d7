import type { TAdminBanner } from '@tessera/contracts';
import type { Route } from './+types/catalog-banners';
import { catalogList, catalogSave, CATALOG_PATHS } from '../../features/catalog/admin/api';
import { BannersPage } from '../../features/catalog/admin/BannersPage';
import { catalogMeta } from '../../features/catalog/admin/parts';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = catalogMeta('banners');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => catalogList<TAdminBanner>(CATALOG_PATHS.banners, request.signal);

/** The editor's save (create or change, the picture, then the links): see catalogSave. */
export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, { save: catalogSave<TAdminBanner>(CATALOG_PATHS.banners) });

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BannersPage banners={loaderData} />;
}
