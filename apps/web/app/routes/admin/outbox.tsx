import type { Route } from './+types/outbox';
import { OutboxPage } from '../../features/operations/admin/OutboxPage';
import { pageMeta } from '../../lib/seo';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('portal:admin.outbox.title')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <OutboxPage />;
}
