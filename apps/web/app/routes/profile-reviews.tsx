import type { Route } from './+types/profile-reviews';
import { MyReviewsPage } from '../features/social/MyReviewsPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('social:mine.title'), noIndex: true }));

/** Delivered purchases to review and the buyer's own reviews. */
export default function ProfileReviews() {
  return <MyReviewsPage />;
}
