import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { AdminPortal } from '../../features/portal-shell/AdminPortal';
import { readPortalSessionFromHeader } from '../../features/portal-shell/clients';
import { PORTAL_NAMESPACES } from '../../lib/i18n';
import { loadNamespaces } from '../../lib/i18n/browser';

/** The admin console brings its own layout and navigation instead of the storefront's (see root.tsx). */
export const handle = { portal: true, i18n: PORTAL_NAMESPACES };

export function loader({ request }: Route.LoaderArgs) {
  return readPortalSessionFromHeader('admin', request.headers.get('cookie'));
}

/**
 * In the browser the portals' texts come with the portal: the storefront's pages never download them.
 * (On a first visit of a portal page the browser fetched them before hydrating: `handle.i18n`.)
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [session] = await Promise.all([serverLoader(), loadNamespaces(PORTAL_NAMESPACES)]);
  return session;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPortal initial={loaderData}>
      <Outlet />
    </AdminPortal>
  );
}
