import type { Route } from './+types/outbox';
import { OutboxPage } from '../../features/operations/admin/OutboxPage';
import { listOutbox, outboxFilters } from '../../features/operations/admin/outbox-api';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.outbox.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

/** The filters are in the address; the first page comes with the route, further ones on "more". */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filters = outboxFilters(request.url);
  return { filters, first: await listOutbox(filters, undefined, request.signal) };
}

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <OutboxPage filters={loaderData.filters} first={loaderData.first} />;
}
