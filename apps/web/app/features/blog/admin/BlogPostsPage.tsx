import type { TAdminBlogPost, TBlogCategory } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { Link } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { ButtonLink } from '../../../ui/Button';
import { Empty } from '../../../ui/PageState';
import { BlogCategories } from './BlogCategories';

/** The console's list of posts (/admin/blog): every status, last changed first. */
export function BlogPostsPage({ posts, categories }: { posts: TAdminBlogPost[]; categories: TBlogCategory[] }) {
  const { t } = useTranslation('blog');
  const { language } = usePreferences();
  const date = (at: number) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('admin.posts')}</h1>
        <ButtonLink to="/admin/blog/new">{t('admin.newPost')}</ButtonLink>
      </div>
      {posts.length === 0 ? <Empty>{t('admin.empty')}</Empty> : null}
      <ul className="mt-6 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white" data-testid="admin-posts">
        {posts.map((post) => {
          const text = post.texts[language] ?? post.texts.en ?? Object.values(post.texts)[0];
          return (
            <li key={post.id} className="flex flex-wrap items-center gap-3 p-4">
              {post.coverUrl ? (
                <img src={post.coverUrl} alt="" className="h-12 w-20 rounded-lg object-cover" />
              ) : (
                <span className="h-12 w-20 rounded-lg bg-sand-100" />
              )}
              <div className="min-w-0 flex-1">
                <Link to={`/admin/blog/${post.id}`} className="font-semibold hover:underline" dir="auto">
                  {text?.title ?? post.slug}
                </Link>
                <p className="text-sm text-ink-muted">
                  <span className="font-semibold">{post.live ? t('admin.status.live') : t(`admin.status.${post.status}`)}</span>
                  {' · '}
                  {post.status === 'scheduled' && !post.live && post.publishAt
                    ? t('admin.goesLive', { date: date(post.publishAt) })
                    : t('admin.updated', { date: date(post.updatedAt) })}
                  {' · '}
                  <bdi dir="ltr">{Object.keys(post.texts).join(' · ').toUpperCase()}</bdi>
                </p>
              </div>
              <Link to={`/admin/blog/${post.id}`} className="text-sm font-semibold text-moss-800 underline">
                {t('admin.edit')}
              </Link>
            </li>
          );
        })}
      </ul>
      <BlogCategories categories={categories} />
    </section>
  );
}
