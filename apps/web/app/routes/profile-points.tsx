import { Trans } from '../lib/i18n/react';
import type { Route } from './+types/profile-points';
import { PointsPage } from '../features/wallet/PointsPage';
import { getPoints } from '../features/wallet/wallet-api';
import { AccountLoadFailed, AccountPending } from '../features/profile/AccountPageState';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('points.title'), noIndex: true }));

/**
 * A guest's read is refused: `points` is null and the page sends him to the login page, as it did
 * (useBuyerAccount); a signed-in buyer whose read failed sees LoadFailed with a retry.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { points: await getPoints(request.signal).catch(() => null) };
}

const title = <Trans i18nKey="points.title" />;
export const HydrateFallback = () => <AccountPending title={title} testId="points-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={title} testId="points-page" />;

/** The buyer's bonus points and their ledger. */
export default function ProfilePoints({ loaderData }: Route.ComponentProps) {
  return <PointsPage points={loaderData.points} />;
}
