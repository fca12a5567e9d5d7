import type { Route } from './+types/catalog-menus';
import { MenusPage } from '../../features/catalog/admin/MenusPage';
import { catalogMeta } from '../../features/catalog/admin/parts';

export const meta: Route.MetaFunction = catalogMeta('menus');

export default function Page() {
  return <MenusPage />;
}
