import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { readPortalSessionFromHeader } from '../../features/portal-shell/clients';
import { loadSellerStore, SellerPortal, type LoadedStore } from '../../features/portal-shell/SellerPortal';
import { PORTAL_NAMESPACES } from '../../lib/i18n';
import { loadNamespaces } from '../../lib/i18n/browser';

/** The seller portal brings its own header and navigation instead of the storefront's (see root.tsx). */
export const handle = { portal: true, i18n: PORTAL_NAMESPACES };

export function loader({ request }: Route.LoaderArgs) {
  // The store needs the browser's token: the server renders the frame without it.
  return { session: readPortalSessionFromHeader('seller', request.headers.get('cookie')), store: {} as LoadedStore };
}

/**
 * In the browser the portals' texts come with the portal: the storefront's pages never download them.
 * The seller's store (the frame's and the pages' `useSellerStore`) is loaded here too.
 * (On a first visit of a portal page the browser fetched them before hydrating: `handle.i18n`.)
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const [{ session }, store] = await Promise.all([serverLoader(), loadSellerStore(request.signal), loadNamespaces(PORTAL_NAMESPACES)]);
  return { session, store };
}
// Also on the first page load: the store (the header's name and status, the pages' publishing rules)
// comes with the layout; the frame is rendered by the server meanwhile, so no HydrateFallback here.
clientLoader.hydrate = true as const;

export default function SellerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SellerPortal initial={loaderData.session} store={loaderData.store}>
      <Outlet />
    </SellerPortal>
  );
}
