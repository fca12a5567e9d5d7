import type { Route } from './+types/catalog-brands';
import { BrandsPage } from '../../features/portal/admin/catalog/BrandsPage';
import { catalogMeta } from '../../features/portal/admin/catalog/parts';

export const meta: Route.MetaFunction = catalogMeta('brands');

export default function Page() {
  return <BrandsPage />;
}
