import type { Route } from './+types/catalog-banners';
import { BannersPage } from '../../features/portal/admin/catalog/BannersPage';
import { catalogMeta } from '../../features/portal/admin/catalog/parts';

export const meta: Route.MetaFunction = catalogMeta('banners');

export default function Page() {
  return <BannersPage />;
}
