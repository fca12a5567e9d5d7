import type { Route } from './+types/catalog-categories';
import { CategoriesPage } from '../../features/portal/admin/catalog/CategoriesPage';
import { catalogMeta } from '../../features/portal/admin/catalog/parts';

export const meta: Route.MetaFunction = catalogMeta('categories');

export default function Page() {
  return <CategoriesPage />;
}
