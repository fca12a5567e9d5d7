import { Trans } from '../lib/i18n/react';
import type { Route } from './+types/profile-reviews';
import { AccountLoadFailed, AccountPending } from '../features/profile/AccountPageState';
import { reviewsApi } from '../features/social/api';
import { MyReviewsPage } from '../features/social/MyReviewsPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('social:mine.title'), noIndex: true }));

/** A guest's read is refused: `mine` is null and the page sends him to the login page, as it did (useBuyerAccount). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { mine: await reviewsApi.mine(request.signal).catch(() => null) };
}

const title = <Trans ns="social" i18nKey="mine.title" />;
export const HydrateFallback = () => <AccountPending title={title} testId="my-reviews-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={title} testId="my-reviews-page" />;

/** Delivered purchases to review and the buyer's own reviews. */
export default function ProfileReviews({ loaderData }: Route.ComponentProps) {
  return <MyReviewsPage mine={loaderData.mine} />;
}
