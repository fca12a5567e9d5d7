import type { Route } from './+types/team';
import { TeamPage } from '../../features/team/admin/TeamPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.team.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <TeamPage />;
}
