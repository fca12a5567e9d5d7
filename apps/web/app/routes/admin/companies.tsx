import type { Route } from './+types/companies';
import { CompaniesQueue } from '../../features/accounts/admin/CompaniesQueue';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.companies.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <CompaniesQueue />;
}
