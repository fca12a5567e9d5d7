import { CONTACT_STATUSES, type ContactStatus } from '@tessera/contracts';
import type { Route } from './+types/contact';
import { contactMessages, markContactHandled, replyToContact } from '../../features/blog/admin/api';
import { ContactInboxPage } from '../../features/blog/admin/ContactInboxPage';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { loadNamespaces } from '../../lib/i18n/browser';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const handle = { i18n: ['blog'] };

/** The tab is in the address (?status=handled), new by default. */
const statusOf = (url: string): ContactStatus => {
  const status = new URL(url).searchParams.get('status');
  return (CONTACT_STATUSES as readonly string[]).includes(status ?? '') ? (status as ContactStatus) : 'new';
};

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const status = statusOf(request.url);
  const [messages] = await Promise.all([contactMessages(status, request.signal), loadNamespaces(['blog'])]);
  return { status, messages };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return runAction(request, { reply: replyToContact, handled: markContactHandled });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('blog:inbox.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContactInboxPage status={loaderData.status} messages={loaderData.messages} />;
}
