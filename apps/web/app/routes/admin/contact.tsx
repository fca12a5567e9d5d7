import type { Route } from './+types/contact';
import { ContactInboxPage } from '../../features/blog/admin/ContactInboxPage';
import { loadNamespaces } from '../../lib/i18n/browser';
import { pageMeta } from '../../lib/seo';

export const handle = { i18n: ['blog'] };

export async function clientLoader() {
  await loadNamespaces(['blog']);
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('blog:inbox.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <ContactInboxPage />;
}
