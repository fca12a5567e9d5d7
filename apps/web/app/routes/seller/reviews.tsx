import type { Route } from './+types/reviews';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { sellerReviewsApi } from '../../features/social/portal-api';
import { SellerReviewsPage } from '../../features/social/seller/SellerReviewsPage';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('social:seller.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { first: await sellerReviewsApi.list(undefined, request.signal) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return runAction(request, { answer: ({ id, text }: { id: string; text: string }) => sellerReviewsApi.answer(id, text) });
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function SellerReviewsRoute({ loaderData }: Route.ComponentProps) {
  return <SellerReviewsPage first={loaderData.first} />;
}
