import type { Route } from './+types/catalog-brands';
import { BrandsPage } from '../../features/portal/admin/catalog/BrandsPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('adminCatalog:brands.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <BrandsPage />;
}
