import type { TAdminBrand } from '@tessera/contracts';
import type { Route } from './+types/catalog-brands';
import { catalogList, catalogSave, CATALOG_PATHS } from '../../features/catalog/admin/api';
import { BrandsPage } from '../../features/catalog/admin/BrandsPage';
import { catalogMeta } from '../../features/catalog/admin/parts';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = catalogMeta('brands');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => catalogList<TAdminBrand>(CATALOG_PATHS.brands, request.signal);

/** The editor's save (create or change, the picture, then the links): see catalogSave. */
export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, { save: catalogSave<TAdminBrand>(CATALOG_PATHS.brands) });

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BrandsPage brands={loaderData} />;
}
