import type { Route } from './+types/commissions';
import { AdminCommissionsPage } from '../../features/commissions/admin/AdminCommissionsPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('commissions:admin.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function AdminCommissionsRoute() {
  return <AdminCommissionsPage />;
}
