import type { Route } from './+types/order';
import { SellerOrderPage } from '../../features/orders/seller/SellerOrderPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('orders.storeOrderId')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerOrderRoute({ params }: Route.ComponentProps) {
  return <SellerOrderPage key={params.storeOrderId} storeOrderId={params.storeOrderId} />;
}
