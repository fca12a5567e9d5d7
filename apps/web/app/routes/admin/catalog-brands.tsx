import type { Route } from './+types/catalog-brands';
import { BrandsPage } from '../../features/catalog/admin/BrandsPage';
import { catalogMeta } from '../../features/catalog/admin/parts';

export const meta: Route.MetaFunction = catalogMeta('brands');

export default function Page() {
  return <BrandsPage />;
}
