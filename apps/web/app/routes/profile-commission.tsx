import { Trans } from '../lib/i18n/react';
import type { Route } from './+types/profile-commission';
import { commissionsApi } from '../features/commissions/api';
import { CommissionPage, type BuyerStep } from '../features/commissions/CommissionPage';
import { AccountLoadFailed, AccountPending, AccountRefused } from '../features/profile/AccountPageState';
import { refusable, runAction } from '../lib/route-data';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('commissions:title'), noIndex: true }));

/** The commission as the server has it; one that is not there (or not the buyer's) is said in the server's words. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return refusable(commissionsApi.get(params.id, request.signal));
}

const step = (id: string, intent: BuyerStep) => (note: string | null) => commissionsApi.step(id, intent, note ?? undefined);
export const clientAction = ({ params, request }: Route.ClientActionArgs) =>
  runAction(request, {
    approve: step(params.id, 'approve'),
    changes: step(params.id, 'changes'),
    decline: step(params.id, 'decline'),
    cancel: step(params.id, 'cancel'),
  });

const title = <Trans ns="commissions" i18nKey="title" />;
export const HydrateFallback = () => <AccountPending title={title} testId="commission-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={title} testId="commission-page" />;

/** One commission, every step of it. */
export default function ProfileCommission({ loaderData }: Route.ComponentProps) {
  if (loaderData.problem) return <AccountRefused title={title} problem={loaderData.problem} testId="commission-page" />;
  return <CommissionPage commission={loaderData.data} />;
}
