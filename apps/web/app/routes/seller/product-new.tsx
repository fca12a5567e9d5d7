import type { Route } from './+types/product-new';
import { ProductForm } from '../../features/catalog/seller/ProductForm';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('sellerCatalog:form.newTitle')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerNewProductPage() {
  return <ProductForm product={null} />;
}
