import type { Route } from './+types/product-new';
import { loadChoices } from '../../features/catalog/seller/api';
import { ProductForm } from '../../features/catalog/seller/ProductForm';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('sellerCatalog:form.newTitle')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadChoices(request.signal);
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function SellerNewProductPage({ loaderData }: Route.ComponentProps) {
  return <ProductForm product={null} choices={loaderData} />;
}
