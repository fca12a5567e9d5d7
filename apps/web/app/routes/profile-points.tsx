import type { Route } from './+types/profile-points';
import { PointsPage } from '../features/wallet/PointsPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('points.title'), noIndex: true }));

/** The buyer's bonus points and their ledger. */
export default function ProfilePoints() {
  return <PointsPage />;
}
