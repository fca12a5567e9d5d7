import type { Route } from './+types/catalog-specialities';
import { SpecialitiesPage } from '../../features/portal/admin/catalog/SpecialitiesPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('adminCatalog:specialities.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <SpecialitiesPage />;
}
