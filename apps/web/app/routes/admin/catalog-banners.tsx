import type { Route } from './+types/catalog-banners';
import { BannersPage } from '../../features/catalog/admin/BannersPage';
import { catalogMeta } from '../../features/catalog/admin/parts';

export const meta: Route.MetaFunction = catalogMeta('banners');

export default function Page() {
  return <BannersPage />;
}
