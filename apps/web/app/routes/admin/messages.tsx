import type { Route } from './+types/messages';
import { PortalMessageCenter } from '../../features/chat/pages/BuyerMessageCenter';
import { loadNamespaces } from '../../lib/i18n/browser';
import { pageMeta } from '../../lib/seo';

export const handle = { i18n: ['chat'] };

export async function clientLoader() {
  await loadNamespaces(['chat']);
  return null;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('chat:title'), noIndex: true }));

export default function AdminMessagesPage() {
  return <PortalMessageCenter realm="admin" />;
}
