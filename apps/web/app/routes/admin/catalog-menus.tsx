import type { Route } from './+types/catalog-menus';
import { MenusPage } from '../../features/portal/admin/catalog/MenusPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('adminCatalog:menus.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <MenusPage />;
}
