import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { AdminPortal } from '../../features/portal/admin/AdminPortal';
import { readPortalSessionFromHeader } from '../../features/portal/clients';

/** The admin console brings its own layout and navigation instead of the storefront's (see root.tsx). */
export const handle = { portal: true };

export function loader({ request }: Route.LoaderArgs) {
  return readPortalSessionFromHeader('admin', request.headers.get('cookie'));
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPortal initial={loaderData}>
      <Outlet />
    </AdminPortal>
  );
}
