import type { Route } from './+types/product-edit';
import { ProductEditor } from '../../features/catalog/seller/ProductEditor';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('sellerCatalog:form.editTitle')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export default function SellerEditProductPage({ params }: Route.ComponentProps) {
  return <ProductEditor key={params.id} id={params.id} />;
}
