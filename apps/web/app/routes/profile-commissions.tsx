import { Trans } from '../lib/i18n/react';
import type { Route } from './+types/profile-commissions';
import { commissionsApi, sendRequest } from '../features/commissions/api';
import { CommissionsPage } from '../features/commissions/CommissionsPage';
import { requestTarget } from '../features/commissions/RequestForm';
import { AccountLoadFailed, AccountPending } from '../features/profile/AccountPageState';
import { runAction } from '../lib/route-data';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('commissions:title'), noIndex: true }));

/**
 * The buyer's commissions and, when the address asks the form for a product, the options its seller
 * offers (none if that read fails: the form still asks quantity, notes and images).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const target = requestTarget(new URL(request.url).searchParams);
  const [commissions, options] = await Promise.all([
    commissionsApi.list(request.signal),
    target?.kind === 'CustomProduct'
      ? commissionsApi.customisation(target.productId, request.signal).then(
          (answer) => answer.options,
          () => [],
        )
      : [],
  ]);
  return { commissions, options };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, { request: sendRequest });

const title = <Trans ns="commissions" i18nKey="title" />;
export const HydrateFallback = () => <AccountPending title={title} testId="commissions-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={title} testId="commissions-page" />;

/** The buyer's commissions: customised and fully custom pieces (issue #13 §2). */
export default function ProfileCommissions({ loaderData }: Route.ComponentProps) {
  return <CommissionsPage commissions={loaderData.commissions} options={loaderData.options} />;
}
