import type { Route } from './+types/quotations';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { adminQuotationsApi } from '../../features/quotations/api';
import { AdminQuotationsPage } from '../../features/quotations/admin/AdminQuotationsPage';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('quotations:admin.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminQuotationsApi.overview(request.signal);
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function AdminQuotationsRoute({ loaderData }: Route.ComponentProps) {
  return <AdminQuotationsPage data={loaderData} />;
}
