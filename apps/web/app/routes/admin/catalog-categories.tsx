import type { TAdminCategory } from '@tessera/contracts';
import type { Route } from './+types/catalog-categories';
import { catalogList, catalogSave, CATALOG_PATHS } from '../../features/catalog/admin/api';
import { CategoriesPage } from '../../features/catalog/admin/CategoriesPage';
import { catalogMeta } from '../../features/catalog/admin/parts';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = catalogMeta('categories');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => catalogList<TAdminCategory>(CATALOG_PATHS.categories, request.signal);

/** The editor's save (create or change, the picture, then the links): see catalogSave. */
export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, { save: catalogSave<TAdminCategory>(CATALOG_PATHS.categories) });

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CategoriesPage categories={loaderData} />;
}
