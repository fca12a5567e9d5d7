import type { Route } from './+types/catalog-banners';
import { BannersPage } from '../../features/portal/admin/catalog/BannersPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('adminCatalog:banners.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <BannersPage />;
}
