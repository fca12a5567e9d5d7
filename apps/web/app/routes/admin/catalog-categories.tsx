import type { TAdminCategory } from '@tessera/contracts';
import type { Route } from './+types/catalog-categories';
import { catalogList, CATALOG_PATHS } from '../../features/catalog/admin/api';
import { CategoriesPage } from '../../features/catalog/admin/CategoriesPage';
import { catalogMeta } from '../../features/catalog/admin/parts';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = catalogMeta('categories');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => catalogList<TAdminCategory>(CATALOG_PATHS.categories, request.signal);

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CategoriesPage categories={loaderData} />;
}
