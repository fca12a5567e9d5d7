import type { Route } from './+types/currencies';
import { CurrenciesPage, currencyActions, loadCurrencies } from '../../features/currencies/admin/CurrenciesPage';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.currencies.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadCurrencies(request.signal);
export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, currencyActions);

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <CurrenciesPage list={loaderData} />;
}
