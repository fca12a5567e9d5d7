import type { Route } from './+types/profile-commissions';
import { CommissionsPage } from '../features/commissions/CommissionsPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('commissions:title'), noIndex: true }));

/** The buyer's commissions: customised and fully custom pieces (issue #13 §2). */
export default function ProfileCommissions() {
  return <CommissionsPage />;
}
