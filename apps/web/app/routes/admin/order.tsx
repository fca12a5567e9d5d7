import type { Route } from './+types/order';
import { AdminOrderPage } from '../../features/orders/admin/AdminOrderPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('orders.orderId')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function AdminOrderRoute({ params }: Route.ComponentProps) {
  return <AdminOrderPage key={params.orderId} orderId={params.orderId} />;
}
