import type { Route } from './+types/commissions';
import { SellerCommissionsPage } from '../../features/commissions/seller/SellerCommissionsPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('commissions:seller.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerCommissionsRoute() {
  return <SellerCommissionsPage />;
}
