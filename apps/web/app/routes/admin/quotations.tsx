import type { Route } from './+types/quotations';
import { AdminQuotationsPage } from '../../features/quotations/admin/AdminQuotationsPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('quotations:admin.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function AdminQuotationsRoute() {
  return <AdminQuotationsPage />;
}
