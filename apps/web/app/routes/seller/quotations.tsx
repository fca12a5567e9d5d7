import type { Route } from './+types/quotations';
import { SellerQuotationsPage } from '../../features/quotations/seller/SellerQuotationsPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('quotations:seller.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerQuotationsRoute() {
  return <SellerQuotationsPage />;
}
