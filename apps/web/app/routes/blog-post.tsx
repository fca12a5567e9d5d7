import { LANGUAGES, type TBlogPost } from '@tessera/contracts';
import { useTranslation } from '../lib/i18n/react';
import { data, Link } from 'react-router';
import type { Route } from './+types/blog-post';
import { PostDate } from '../features/blog/BlogCard';
import { JsonLd } from '../features/catalog/components/JsonLd';
import { catalogGetOrNotFound, isSiteLocked } from '../features/catalog/server-api';
import { LANGUAGE_NAMES } from '../lib/i18n';
import { loadNamespaces } from '../lib/i18n/browser';
import { rootDataFrom, pageMeta } from '../lib/seo';
import { Container } from '../ui/Container';

export const handle = { i18n: ['blog'] };

/** One post (issue #13 §5), server-rendered with its page head and schema.org Article. */
export async function loader(args: Route.LoaderArgs) {
  if (isSiteLocked(args)) throw data(null, { status: 404 });
  const post = await catalogGetOrNotFound<TBlogPost>(args, `/v1/blog/posts/${encodeURIComponent(args.params.slug)}`);
  return { post };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), loadNamespaces(['blog'])]);
  return loaded;
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.data?.post;
  const tags = pageMeta(args, () => ({ title: post?.title, description: post?.excerpt || undefined, image: post?.coverUrl ?? undefined, type: 'article' }));
  if (!post) return tags;
  return [
    ...tags,
    { property: 'article:published_time', content: new Date(post.publishedAt).toISOString() },
    { property: 'article:modified_time', content: new Date(Math.max(post.updatedAt, post.publishedAt)).toISOString() },
    ...post.tags.map((tag) => ({ property: 'article:tag', content: tag })),
    ...(post.category ? [{ property: 'article:section', content: post.category.name }] : []),
  ];
};

export default function BlogPostPage({ loaderData, matches }: Route.ComponentProps) {
  const { t } = useTranslation('blog');
  const { post } = loaderData;
  const root = rootDataFrom({ location: { pathname: '' }, matches });
  const publicUrl = (root?.publicUrl ?? '').replace(/\/+$/, '');
  const url = `${publicUrl}/blog/${post.slug}`;
  const others = LANGUAGES.filter((l) => l !== post.language && post.languages.includes(l));
  const article = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.excerpt || undefined,
    inLanguage: post.language,
    datePublished: new Date(post.publishedAt).toISOString(),
    dateModified: new Date(Math.max(post.updatedAt, post.publishedAt)).toISOString(),
    author: { '@type': 'Person', name: post.author.name },
    publisher: { '@type': 'Organization', name: root?.config.appName ?? 'Tessera' },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    ...(post.coverUrl ? { image: [`${publicUrl}${post.coverUrl}`] } : {}),
    ...(post.category ? { articleSection: post.category.name } : {}),
    ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
  };
  return (
    <Container className="py-10">
      <JsonLd data={article} />
      <article lang={post.language} className="mx-auto max-w-3xl" data-testid="blog-post">
        <p className="text-sm">
          <Link to="/blog" className="font-semibold text-moss-800 underline">
            {t('post.back')}
          </Link>
          {post.category ? (
            <>
              {' · '}
              <Link to={`/blog?category=${post.category.slug}`} className="font-semibold uppercase tracking-wide text-ochre-700 hover:underline">
                {post.category.name}
              </Link>
            </>
          ) : null}
        </p>
        <h1 className="mt-3 text-3xl font-semibold leading-tight sm:text-4xl">{post.title}</h1>
        {post.excerpt ? <p className="mt-3 text-lg text-ink-muted">{post.excerpt}</p> : null}
        <p className="mt-3 text-sm text-ink-muted">
          {t('post.by', { name: post.author.name })} · <PostDate at={post.publishedAt} />
        </p>
        {post.coverUrl ? <img src={post.coverUrl} alt="" width={1200} height={630} className="mt-6 aspect-[40/21] w-full rounded-3xl object-cover" /> : null}
        {/* Sanitised by the server when saved (apps/server/src/modules/blog/blog-html.ts). */}
        <div className="blog-body mt-8" data-testid="blog-body" dangerouslySetInnerHTML={{ __html: post.html }} />
        {post.tags.length > 0 ? (
          <nav aria-label={t('post.tags')} className="mt-10 flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <Link key={tag} to={`/blog?tag=${encodeURIComponent(tag)}`} className="rounded-full bg-sand-100 px-3 py-1 text-sm text-ink hover:bg-sand-200">
                {/* The tag's own direction decides where its # goes (a Latin tag in an Arabic page). */}
                <bdi>#{tag}</bdi>
              </Link>
            ))}
          </nav>
        ) : null}
        {others.length > 0 ? (
          <p className="mt-6 text-sm text-ink-muted">
            {t('post.languages')}{' '}
            {others.map((l, i) => (
              <span key={l}>
                {i > 0 ? ' · ' : ''}
                <a href={`/blog/${post.slug}?lang=${l}`} lang={l} hrefLang={l} className="underline">
                  {LANGUAGE_NAMES[l]}
                </a>
              </span>
            ))}
          </p>
        ) : null}
      </article>
    </Container>
  );
}
