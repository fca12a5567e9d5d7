import type { Route } from './+types/home';
import { AdminDashboard } from '../../features/portal-shell/AdminDashboard';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.dashboard.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <AdminDashboard />;
}
