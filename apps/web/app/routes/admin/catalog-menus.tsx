import type { TAdminBrand, TAdminCategory, TAdminMenuItem, TAdminStoreOption } from '@tessera/contracts';
import type { Route } from './+types/catalog-menus';
import { catalogList, catalogSave, CATALOG_PATHS } from '../../features/catalog/admin/api';
import { MenusPage, menuOf } from '../../features/catalog/admin/MenusPage';
import { catalogMeta } from '../../features/catalog/admin/parts';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = catalogMeta('menus');

/** The menu in the address (`?menu=footer`), its items, and the categories, brands and stores an item may link to. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const menu = menuOf(request.url);
  const [items, categories, brands, stores] = await Promise.all([
    catalogList<TAdminMenuItem>(`${CATALOG_PATHS.menuItems}?menu=${menu}`, request.signal),
    catalogList<TAdminCategory>(CATALOG_PATHS.categories, request.signal),
    catalogList<TAdminBrand>(CATALOG_PATHS.brands, request.signal),
    catalogList<TAdminStoreOption>(CATALOG_PATHS.stores, request.signal),
  ]);
  return { menu, items, targets: { categories, brands, stores } };
}

/** The editor's save (create or change, the picture, then the links): see catalogSave. */
export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, { save: catalogSave<TAdminMenuItem>(CATALOG_PATHS.menuItems) });

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <MenusPage menu={loaderData.menu} items={loaderData.items} targets={loaderData.targets} />;
}
