import type { Route } from './+types/catalog-categories';
import { CategoriesPage } from '../../features/portal/admin/catalog/CategoriesPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('adminCatalog:categories.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <CategoriesPage />;
}
