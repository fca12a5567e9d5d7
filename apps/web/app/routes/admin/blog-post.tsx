import type { Route } from './+types/blog-post';
import { BlogEditorPage } from '../../features/blog/admin/BlogEditorPage';
import { loadNamespaces } from '../../lib/i18n/browser';
import { pageMeta } from '../../lib/seo';

export const handle = { i18n: ['blog'] };

export async function clientLoader() {
  await loadNamespaces(['blog']);
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('blog:admin.posts')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

/** /admin/blog/new writes a new post; /admin/blog/{id} edits one. */
export default function Page({ params }: Route.ComponentProps) {
  return <BlogEditorPage key={params.id} id={params.id === 'new' ? null : params.id} />;
}
