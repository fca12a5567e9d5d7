import type { TAdminSpeciality, TAdminStoreOption } from '@tessera/contracts';
import type { Route } from './+types/catalog-specialities';
import { catalogList, catalogSave, CATALOG_PATHS } from '../../features/catalog/admin/api';
import { catalogMeta } from '../../features/catalog/admin/parts';
import { saveSpecialityStores, SpecialitiesPage } from '../../features/catalog/admin/SpecialitiesPage';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
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

/** The editor's save (create or change, the picture, then the links): see catalogSave. */
export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, { save: catalogSave(CATALOG_PATHS.specialities, saveSpecialityStores) });

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SpecialitiesPage specialities={loaderData.specialities} stores={loaderData.stores} />;
}
