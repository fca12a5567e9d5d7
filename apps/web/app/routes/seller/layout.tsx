import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { readPortalSessionFromHeader } from '../../features/portal/clients';
import { SellerPortal } from '../../features/portal/seller/SellerPortal';

/** The seller portal brings its own header and navigation instead of the storefront's (see root.tsx). */
export const handle = { portal: true };

export function loader({ request }: Route.LoaderArgs) {
  return readPortalSessionFromHeader('seller', request.headers.get('cookie'));
}

export default function SellerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SellerPortal initial={loaderData}>
      <Outlet />
    </SellerPortal>
  );
}
