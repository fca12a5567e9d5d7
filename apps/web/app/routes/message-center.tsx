import type { Route } from './+types/message-center';
import { BuyerMessageCenter } from '../features/chat/pages/BuyerMessageCenter';
import { loadNamespaces } from '../lib/i18n/browser';
import { pageMeta } from '../lib/seo';

/** The chat's texts come with the message center only (the other pages never download them). */
export const handle = { i18n: ['chat'] };

export async function clientLoader() {
  await loadNamespaces(['chat']);
  return null;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('chat:title'), noIndex: true }));

/** The buyer's message center; `?c={conversationId}` opens a conversation (seed §2). */
export default function MessageCenterRoute() {
  return <BuyerMessageCenter />;
}
