import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { AdminPortal, loadAdminMember, type LoadedMember } from '../../features/portal-shell/AdminPortal';
import { readPortalSessionFromHeader } from '../../features/portal-shell/clients';
import { PORTAL_NAMESPACES } from '../../lib/i18n';
import { loadNamespaces } from '../../lib/i18n/browser';

/** The admin console brings its own layout and navigation instead of the storefront's (see root.tsx). */
export const handle = { portal: true, i18n: PORTAL_NAMESPACES };

export function loader({ request }: Route.LoaderArgs) {
  // The member's current role needs the browser's token: the server renders the frame without it.
  return { session: readPortalSessionFromHeader('admin', request.headers.get('cookie')), member: {} as LoadedMember };
}

/**
 * In the browser the portals' texts come with the portal: the storefront's pages never download them.
 * The member's current role (the frame's name and role, the pages' `useAdmin` permissions) is read here too.
 * (On a first visit of a portal page the browser fetched them before hydrating: `handle.i18n`.)
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const [{ session }, member] = await Promise.all([serverLoader(), loadAdminMember(request.signal), loadNamespaces(PORTAL_NAMESPACES)]);
  return { session, member };
}
// Also on the first page load: the role comes with the layout; the frame is rendered by the server meanwhile.
clientLoader.hydrate = true as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPortal initial={loaderData.session} member={loaderData.member}>
      <Outlet />
    </AdminPortal>
  );
}
