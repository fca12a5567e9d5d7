import type { TCategory } from '@tessera/contracts';
import { data, Link } from 'react-router';
import type { Route } from './+types/category';
import { Breadcrumbs } from '../features/catalog/components/Breadcrumbs';
import { ListingView } from '../features/catalog/components/ListingView';
import { loadListing } from '../features/catalog/listing-loader';
import { catalogGetOr, isSiteLocked } from '../features/catalog/server-api';
import { pageMeta } from '../lib/seo';
import { Container } from '../ui/Container';

/** The category's ancestors from the root down, and itself. */
function pathTo(categories: TCategory[], category: TCategory): TCategory[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path = [category];
  let parent = category.parentId ? byId.get(category.parentId) : undefined;
  while (parent && path.length < 10) {
    path.unshift(parent);
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  }
  return path;
}

export async function loader(args: Route.LoaderArgs) {
  const slug = args.params.slug;
  const { categories: list } = await catalogGetOr<{ categories: TCategory[] }>(args, '/v1/categories', { categories: [] });
  const category = list.find((c) => c.slug === slug);
  if (!category && !isSiteLocked(args)) throw data(null, { status: 404 });
  const listing = await loadListing(args, { category: slug });
  return {
    ...listing,
    category: category ?? null,
    path: category ? pathTo(list, category) : [],
    children: category ? list.filter((c) => c.parentId === category.id) : [],
  };
}

export const meta: Route.MetaFunction = (args) => {
  const category = args.data?.category;
  const filtered = args.location.search.length > 1;
  return pageMeta(args, (t) => ({
    title: category?.name ?? t('search.title'),
    description: category ? t('catalog:listing.category', { name: category.name }) : undefined,
    noIndex: filtered,
  }));
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, path, children } = loaderData;
  if (!category) return null;
  return (
    <Container>
      <div className="pt-6">
        <Breadcrumbs items={path.map((c) => ({ href: `/c/${c.slug}`, label: c.name }))} />
      </div>
      <ListingView
        data={loaderData}
        links={{ basePath: `/c/${category.slug}`, fixed: ['category'] }}
        heading={
          <h1 className="text-3xl font-semibold sm:text-4xl" data-testid="listing-title">
            {category.name}
          </h1>
        }
        intro={
          children.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-2" data-testid="subcategories">
              {children.map((child) => (
                <li key={child.id}>
                  <Link to={`/c/${child.slug}`} className="inline-flex h-9 items-center rounded-full border border-sand-300 bg-white px-4 text-sm font-medium hover:border-moss-500">
                    {child.name}
                    <span className="ms-1.5 text-xs text-ink-muted">{child.productCount}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null
        }
      />
    </Container>
  );
}
