import type { Route } from './+types/blog';
import { BlogPostsPage } from '../../features/blog/admin/BlogPostsPage';
import { loadNamespaces } from '../../lib/i18n/browser';
import { pageMeta } from '../../lib/seo';

export const handle = { i18n: ['blog'] };

export async function clientLoader() {
  await loadNamespaces(['blog']);
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('blog:admin.posts')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export default function Page() {
  return <BlogPostsPage />;
}
