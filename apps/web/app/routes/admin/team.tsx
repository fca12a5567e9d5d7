import type { Route } from './+types/team';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { loadTeam, teamActions, TeamPage } from '../../features/team/admin/TeamPage';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.team.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadTeam(request.signal);
export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, teamActions);

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <TeamPage team={loaderData} />;
}
