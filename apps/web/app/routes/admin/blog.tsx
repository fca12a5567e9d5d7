import type { Route } from './+types/blog';
import { adminPosts, blogCategories, saveBlogCategory } from '../../features/blog/admin/api';
import { BlogPostsPage } from '../../features/blog/admin/BlogPostsPage';
import { PortalRouteError } from '../../features/portal-shell/PortalRouteError';
import { loadNamespaces } from '../../lib/i18n/browser';
import { runAction } from '../../lib/route-data';
import { pageMeta } from '../../lib/seo';
import { Pending } from '../../ui/PageState';

export const handle = { i18n: ['blog'] };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [posts, categories] = await Promise.all([adminPosts(request.signal), blogCategories(request.signal), loadNamespaces(['blog'])]);
  return { posts, categories };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return runAction(request, { saveCategory: saveBlogCategory });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: `${t('blog:admin.posts')} · ${t('portal:common.adminConsole')}`, noIndex: true }));

export const HydrateFallback = () => <Pending />;
export const ErrorBoundary = PortalRouteError;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BlogPostsPage posts={loaderData.posts} categories={loaderData.categories} />;
}
