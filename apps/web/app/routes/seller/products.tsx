import type { Route } from './+types/products';
import { ProductList } from '../../features/catalog/seller/ProductList';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('sellerCatalog:list.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerProductsPage() {
  return <ProductList />;
}
