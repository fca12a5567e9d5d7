import type { Route } from './+types/currencies';
import { CurrenciesPage } from '../../features/currencies/admin/CurrenciesPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.currencies.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <CurrenciesPage />;
}
