import type { Route } from './+types/quotations';
import { sellerQuotationsApi } from '../../features/quotations/api';
import { SellerQuotationsPage } from '../../features/quotations/seller/SellerQuotationsPage';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('quotations:seller.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [inbox, open] = await Promise.all([sellerQuotationsApi.inbox(request.signal), sellerQuotationsApi.open(request.signal)]);
  return { inbox, open };
}

/** Answer a request (files first), decline it or withdraw an answer; both lists come back from the loader. */
export const clientAction = ({ request }: Route.ClientActionArgs) =>
  runAction(request, {
    answer: sellerQuotationsApi.answerWithFiles,
    act: ({ quotationId, action }: { quotationId: string; action: 'decline' | 'withdraw' }) => sellerQuotationsApi.act(quotationId, action),
  });

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function SellerQuotationsRoute({ loaderData }: Route.ComponentProps) {
  return <SellerQuotationsPage inbox={loaderData.inbox} open={loaderData.open} />;
}
