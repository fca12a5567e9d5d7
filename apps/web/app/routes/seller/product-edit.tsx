import type { TProductCustomisation } from '@tessera/contracts';
import type { Route } from './+types/product-edit';
import { getProduct, loadChoices } from '../../features/catalog/seller/api';
import { ProductLoadError } from '../../features/catalog/seller/ProductLoadError';
import { ProductForm } from '../../features/catalog/seller/ProductForm';
import { sellerCommissionsApi } from '../../features/commissions/api';
import { portalClient } from '../../features/portal-shell/clients';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('sellerCatalog:form.editTitle')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

/** The product, the form's category and brand lists, and whether buyers may ask for it customised. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const [product, choices, customisation] = await Promise.all([
    getProduct(portalClient('seller'), params.id, request.signal),
    loadChoices(request.signal),
    sellerCommissionsApi.customisation(params.id, request.signal),
  ]);
  return { product, choices, customisation };
}

/** The customisation card's save (the product form saves through its own workflow: ProductForm). */
export const clientAction = ({ params, request }: Route.ClientActionArgs) =>
  runAction(request, { saveCustomisation: (input: TProductCustomisation) => sellerCommissionsApi.saveCustomisation(params.id, input) });

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = ProductLoadError;

export default function SellerEditProductPage({ loaderData, params }: Route.ComponentProps) {
  const { product, choices, customisation } = loaderData;
  return <ProductForm key={params.id} product={product} choices={choices} customisation={customisation} />;
}
