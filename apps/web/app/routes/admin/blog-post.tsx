import { redirect } from 'react-router';
import type { Route } from './+types/blog-post';
import { adminPost, blogCategories, deletePost, savePost, savePostAnd, uploadPostCover } from '../../features/blog/admin/api';
import { BlogEditorPage } from '../../features/blog/admin/BlogEditorPage';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { loadNamespaces } from '../../lib/i18n/browser';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const handle = { i18n: ['blog'] };

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const id = params.id === 'new' ? null : params.id;
  const [post, categories] = await Promise.all([id ? adminPost(id, request.signal) : null, blogCategories(request.signal), loadNamespaces(['blog'])]);
  return { post, categories };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return runAction(request, {
    save: savePost,
    publish: savePostAnd,
    unpublish: savePostAnd,
    delete: async (id: string) => {
      await deletePost(id);
      return redirect('/admin/blog');
    },
    cover: uploadPostCover,
  });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('blog:admin.posts')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

/** /admin/blog/new writes a new post; /admin/blog/{id} edits one. */
export default function Page({ params, loaderData }: Route.ComponentProps) {
  return <BlogEditorPage key={params.id} post={loaderData.post} categories={loaderData.categories} />;
}
