import type { Route } from './+types/reviews';
import { AdminReviewsPage } from '../../features/social/admin/AdminReviewsPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('social:admin.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function AdminReviewsRoute() {
  return <AdminReviewsPage />;
}
