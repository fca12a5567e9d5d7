import type { Route } from './+types/catalog-menus';
import { MenusPage } from '../../features/portal/admin/catalog/MenusPage';
import { catalogMeta } from '../../features/portal/admin/catalog/parts';

export const meta: Route.MetaFunction = catalogMeta('menus');

export default function Page() {
  return <MenusPage />;
}
