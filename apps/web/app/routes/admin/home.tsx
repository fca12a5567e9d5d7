import type { Route } from './+types/home';
import { AdminDashboard, loadDashboard } from '../../features/portal-shell/AdminDashboard';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.dashboard.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadDashboard(request.signal);

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AdminDashboard companies={loaderData.companies} sellers={loaderData.sellers} />;
}
