import type { Route } from './+types/catalog-categories';
import { CategoriesPage } from '../../features/catalog/admin/CategoriesPage';
import { catalogMeta } from '../../features/catalog/admin/parts';

export const meta: Route.MetaFunction = catalogMeta('categories');

export default function Page() {
  return <CategoriesPage />;
}
