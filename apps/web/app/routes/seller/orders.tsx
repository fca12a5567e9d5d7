import type { Route } from './+types/orders';
import { SellerOrdersPage } from '../../features/orders/seller/SellerOrdersPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portalOrders.nav')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerOrdersRoute() {
  return <SellerOrdersPage />;
}
