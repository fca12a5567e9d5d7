import type { TCommissionProposal, TCommissionStep } from '@tessera/contracts';
import type { Route } from './+types/commission';
import { sellerCommissionsApi } from '../../features/commissions/api';
import { SellerCommissionPage } from '../../features/commissions/seller/SellerCommissionPage';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('commissions:seller.title')} · ${t('portal:common.sellerPortal')}`, noIndex: true }));

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return sellerCommissionsApi.get(params.id, request.signal);
}

/** The seller's steps on this commission; the loader brings the commission as the server now has it. */
export const clientAction = ({ params, request }: Route.ClientActionArgs) =>
  runAction(request, {
    propose: (proposal: TCommissionProposal) => sellerCommissionsApi.propose(params.id, proposal),
    proof: (form: FormData) => sellerCommissionsApi.proof(params.id, form.getAll('images') as File[], (form.get('note') as string | null) ?? undefined),
    step: (action: TCommissionStep['action']) => sellerCommissionsApi.step(params.id, action),
    note: (step: 'decline' | 'cancel' | 'refuse-changes') => sellerCommissionsApi.note(params.id, step),
  });

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function SellerCommissionRoute({ loaderData }: Route.ComponentProps) {
  return <SellerCommissionPage commission={loaderData} />;
}
