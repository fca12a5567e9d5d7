import type { TAdminSpeciality, TAdminStoreOption } from '@tessera/contracts';
import type { Route } from './+types/catalog-specialities';
import { catalogList, CATALOG_PATHS } from '../../features/catalog/admin/api';
import { catalogMeta } from '../../features/catalog/admin/parts';
import { SpecialitiesPage } from '../../features/catalog/admin/SpecialitiesPage';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = catalogMeta('specialities');

/** The specialities, and the stores a speciality may hold. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [specialities, stores] = await Promise.all([
    catalogList<TAdminSpeciality>(CATALOG_PATHS.specialities, request.signal),
    catalogList<TAdminStoreOption>(CATALOG_PATHS.stores, request.signal),
  ]);
  return { specialities, stores };
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SpecialitiesPage specialities={loaderData.specialities} stores={loaderData.stores} />;
}
