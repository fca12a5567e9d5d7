import type { Route } from './+types/home';
import { SellerHome } from '../../features/accounts/seller/SellerHome';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('portal:common.sellerPortal'), noIndex: true }));

export default function SellerHomePage() {
  return <SellerHome />;
}
