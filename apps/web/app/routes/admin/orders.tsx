import type { Route } from './+types/orders';
import { AdminOrdersPage } from '../../features/orders/admin/AdminOrdersPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portalOrders.nav')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function AdminOrdersRoute() {
  return <AdminOrdersPage />;
}
