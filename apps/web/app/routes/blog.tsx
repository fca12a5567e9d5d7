import type { TBlogList } from '@tessera/contracts';
import { useTranslation } from '../lib/i18n/react';
import { data, Link } from 'react-router';
import type { Route } from './+types/blog';
import { BlogCard } from '../features/blog/BlogCard';
import { catalogGetOrNotFound, isSiteLocked } from '../features/catalog/server-api';
import { loadNamespaces } from '../lib/i18n/browser';
import { pageMeta } from '../lib/seo';
import { Container } from '../ui/Container';

export const handle = { i18n: ['blog'] };

/** The blog (issue #13 §5): live posts, newest first, nine a page, by category or tag; server-rendered. */
export async function loader(args: Route.LoaderArgs) {
  if (isSiteLocked(args)) throw data(null, { status: 404 });
  const query = new URL(args.request.url).searchParams;
  const params = new URLSearchParams();
  for (const name of ['page', 'category', 'tag']) {
    const value = query.get(name);
    if (value) params.set(name, value);
  }
  const list = await catalogGetOrNotFound<TBlogList>(args, `/v1/blog/posts?${params.toString()}`);
  return { list, category: query.get('category'), tag: query.get('tag') };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), loadNamespaces(['blog'])]);
  return loaded;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t('blog:list.title'), description: t('blog:list.description'), noIndex: args.location.search.length > 1 }));

export function links() {
  return [
    { rel: 'alternate', type: 'application/rss+xml', href: '/blog/rss.xml', title: 'RSS' },
    { rel: 'alternate', type: 'application/atom+xml', href: '/blog/atom.xml', title: 'Atom' },
  ];
}

function pageLink(page: number, category: string | null, tag: string | null): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (tag) params.set('tag', tag);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('blog');
  const { list, category, tag } = loaderData;
  const chip = (active: boolean) =>
    `rounded-full border px-4 py-1.5 text-sm font-semibold ${active ? 'border-moss-700 bg-moss-700 text-white' : 'border-sand-300 bg-white text-ink hover:border-moss-700'}`;
  return (
    <Container className="py-10">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-semibold">{t('list.title')}</h1>
        <p className="mt-2 text-lg text-ink-muted">{t('list.description')}</p>
      </header>
      <nav aria-label={t('list.categories')} className="mt-6 flex flex-wrap gap-2" data-testid="blog-categories">
        <Link to="/blog" className={chip(!category)} aria-current={!category ? 'page' : undefined}>
          {t('list.all')}
        </Link>
        {list.categories.map((c) => (
          <Link key={c.id} to={`/blog?category=${c.slug}`} className={chip(category === c.slug)} aria-current={category === c.slug ? 'page' : undefined}>
            {c.name}
          </Link>
        ))}
      </nav>
      {tag ? (
        <p className="mt-4 text-ink-muted">
          {t('list.tag', { tag })} ·{' '}
          <Link to={pageLink(1, category, null)} className="font-semibold text-moss-800 underline">
            {t('list.clearTag')}
          </Link>
        </p>
      ) : null}
      {list.items.length === 0 ? (
        <p className="mt-10 text-lg text-ink-muted">{t('list.empty')}</p>
      ) : (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.items.map((post) => (
            <BlogCard key={post.id} post={post} />
          ))}
        </div>
      )}
      {list.pageCount > 1 ? (
        <nav aria-label={t('list.page', { page: list.page, count: list.pageCount })} className="mt-10 flex items-center justify-between gap-4">
          {list.page > 1 ? (
            <Link to={pageLink(list.page - 1, category, tag)} rel="prev" className="font-semibold text-moss-800 underline">
              {t('list.previous')}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-ink-muted">{t('list.page', { page: list.page, count: list.pageCount })}</span>
          {list.page < list.pageCount ? (
            <Link to={pageLink(list.page + 1, category, tag)} rel="next" className="font-semibold text-moss-800 underline">
              {t('list.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <p className="mt-10 text-sm text-ink-muted">
        {t('list.feeds')}:{' '}
        <a href={`/blog/rss.xml?lang=${i18n.language}`} className="underline">
          RSS
        </a>{' '}
        ·{' '}
        <a href={`/blog/atom.xml?lang=${i18n.language}`} className="underline">
          Atom
        </a>
      </p>
    </Container>
  );
}
