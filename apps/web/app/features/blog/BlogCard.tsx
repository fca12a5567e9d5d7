import type { TBlogPostSummary } from '@tessera/contracts';
import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { usePreferences } from '../../lib/preferences';

/** A post's date in the reader's language (calendar date, UTC). */
export function PostDate({ at }: { at: number }) {
  const { language } = usePreferences();
  return <time dateTime={new Date(at).toISOString()}>{new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(at)}</time>;
}

/** One post in the list: cover, category, title, summary, author and date. */
export function BlogCard({ post }: { post: TBlogPostSummary }) {
  const { t } = useTranslation('blog');
  return (
    <article className="flex flex-col overflow-hidden rounded-3xl border border-sand-200 bg-white" data-testid="blog-card" lang={post.language}>
      {post.coverUrl ? <img src={post.coverUrl} alt="" loading="lazy" width={1200} height={630} className="aspect-[40/21] w-full object-cover" /> : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        {post.category ? (
          <Link to={`/blog?category=${post.category.slug}`} className="text-sm font-semibold uppercase tracking-wide text-ochre-700 hover:underline">
            {post.category.name}
          </Link>
        ) : null}
        <h2 className="text-xl font-semibold leading-snug">
          <Link to={`/blog/${post.slug}`} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="text-ink-muted">{post.excerpt}</p> : null}
        <p className="mt-auto pt-2 text-sm text-ink-muted">
          {t('post.by', { name: post.author.name })} · <PostDate at={post.publishedAt} />
        </p>
      </div>
    </article>
  );
}
