import type { Route } from './+types/commission';
import { SellerCommissionPage } from '../../features/commissions/seller/SellerCommissionPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('commissions:seller.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerCommissionRoute({ params }: Route.ComponentProps) {
  return <SellerCommissionPage id={params.id} />;
}
