import type { Route } from './+types/store';
import { StoreEditor } from '../../features/accounts/seller/StoreEditor';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:seller.store.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerStorePage() {
  return <StoreEditor />;
}
