import type { Route } from './+types/catalog-specialities';
import { SpecialitiesPage } from '../../features/catalog/admin/SpecialitiesPage';
import { catalogMeta } from '../../features/catalog/admin/parts';

export const meta: Route.MetaFunction = catalogMeta('specialities');

export default function Page() {
  return <SpecialitiesPage />;
}
