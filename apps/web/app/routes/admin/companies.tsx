import type { TCompanyApplication } from '@tessera/contracts';
import type { Route } from './+types/companies';
import { CompaniesQueue, COMPANIES_PATH } from '../../features/accounts/admin/CompaniesQueue';
import { listQueue, queueStatusOf } from '../../features/accounts/admin/review';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.companies.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

/** The status is in the address (?status=approved); the first page comes with the route. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { first: await listQueue<TCompanyApplication>(COMPANIES_PATH, queueStatusOf(request.url), undefined, request.signal) };
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CompaniesQueue first={loaderData.first} />;
}
