import type { Route } from './+types/commissions';
import { adminCommissionsApi } from '../../features/commissions/api';
import { AdminCommissionsPage } from '../../features/commissions/admin/AdminCommissionsPage';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('commissions:admin.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminCommissionsApi.list(request.signal);
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function AdminCommissionsRoute({ loaderData }: Route.ComponentProps) {
  return <AdminCommissionsPage rows={loaderData} />;
}
