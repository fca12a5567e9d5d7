import type { TAdminBrand } from '@tessera/contracts';
import type { Route } from './+types/catalog-brands';
import { catalogList, CATALOG_PATHS } from '../../features/catalog/admin/api';
import { BrandsPage } from '../../features/catalog/admin/BrandsPage';
import { catalogMeta } from '../../features/catalog/admin/parts';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = catalogMeta('brands');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => catalogList<TAdminBrand>(CATALOG_PATHS.brands, request.signal);

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BrandsPage brands={loaderData} />;
}
