import type { Route } from './+types/sellers';
import { SellersQueue } from '../../features/accounts/admin/SellersQueue';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.sellers.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <SellersQueue />;
}
