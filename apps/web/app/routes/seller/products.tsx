import type { TStockUpdate } from '@tessera/contracts';
import type { Route } from './+types/products';
import { listProducts, setPublished, updateStock } from '../../features/catalog/seller/api';
import { listFilters, ProductList } from '../../features/catalog/seller/ProductList';
import { portalClient } from '../../features/portal-shell/clients';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('sellerCatalog:list.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

/** The first page of the store's products for the address's search and status. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return listProducts(portalClient('seller'), listFilters(new URL(request.url).searchParams), request.signal);
}

/** A row's publish button and stock editor. */
export const clientAction = ({ request }: Route.ClientActionArgs) =>
  runAction(request, {
    publish: ({ id, publish }: { id: string; publish: boolean }) => setPublished(portalClient('seller'), id, publish),
    stock: ({ id, update }: { id: string; update: TStockUpdate }) => updateStock(portalClient('seller'), id, update),
  });

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function SellerProductsPage({ loaderData }: Route.ComponentProps) {
  return <ProductList page={loaderData} />;
}
