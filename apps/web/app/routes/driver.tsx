import type { Route } from './+types/driver';
import { readPortalSessionFromHeader } from '../features/portal-shell/clients';
import { DriverPage } from '../features/tracking/DriverPage';
import { loadNamespaces } from '../lib/i18n/browser';
import { pageMeta } from '../lib/seo';

/** The driver page brings its own slim frame (no storefront header: it is a tool for the road). */
export const handle = { portal: true, i18n: ['portal'] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('driverPage.title'), noIndex: true }));

export function loader({ request }: Route.LoaderArgs) {
  return readPortalSessionFromHeader('driver', request.headers.get('cookie'));
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [session] = await Promise.all([serverLoader(), loadNamespaces(['portal'])]);
  return session;
}

/** Issue #11 §5: a store's driver shares his position while delivering and marks orders delivered. */
export default function Driver({ loaderData }: Route.ComponentProps) {
  return <DriverPage initial={loaderData} />;
}
