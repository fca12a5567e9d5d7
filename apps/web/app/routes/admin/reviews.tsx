import { REVIEW_STATUSES, type ReviewStatus } from '@tessera/contracts';
import type { Route } from './+types/reviews';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { AdminReviewsPage } from '../../features/social/admin/AdminReviewsPage';
import { adminReviewsApi } from '../../features/social/portal-api';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('social:admin.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

/** The tab is in the address (?status=hidden), visible by default. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const asked = new URL(request.url).searchParams.get('status') ?? '';
  const status: ReviewStatus = (REVIEW_STATUSES as readonly string[]).includes(asked) ? (asked as ReviewStatus) : 'visible';
  return { status, first: await adminReviewsApi.list(status, undefined, request.signal) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return runAction(request, {
    hide: ({ id, reason }: { id: string; reason: string }) => adminReviewsApi.hide(id, reason),
    unhide: (id: string) => adminReviewsApi.unhide(id),
  });
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function AdminReviewsRoute({ loaderData }: Route.ComponentProps) {
  return <AdminReviewsPage status={loaderData.status} first={loaderData.first} />;
}
