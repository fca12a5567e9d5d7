import type { Route } from './+types/reviews';
import { SellerReviewsPage } from '../../features/social/seller/SellerReviewsPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('social:seller.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerReviewsRoute() {
  return <SellerReviewsPage />;
}
