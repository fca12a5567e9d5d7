import type { Route } from './+types/catalog-specialities';
import { SpecialitiesPage } from '../../features/portal/admin/catalog/SpecialitiesPage';
import { catalogMeta } from '../../features/portal/admin/catalog/parts';

export const meta: Route.MetaFunction = catalogMeta('specialities');

export default function Page() {
  return <SpecialitiesPage />;
}
