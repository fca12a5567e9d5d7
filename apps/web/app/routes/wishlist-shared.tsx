import type { TSharedWishlist } from '@tessera/contracts';
import { useTranslation } from '../lib/i18n/react';
import type { Route } from './+types/wishlist-shared';
import { ProductGrid } from '../features/catalog/components/ProductCard';
import { catalogGetOrNotFound } from '../features/catalog/server-api';
import { pageMeta } from '../lib/seo';
import { Container } from '../ui/Container';

/** A wishlist shared by link: read by the server (public, read-only); an unshared token is a 404. */
export async function loader(args: Route.LoaderArgs) {
  return catalogGetOrNotFound<TSharedWishlist>(args, `/v1/shared-wishlists/${encodeURIComponent(args.params.token)}`);
}

// The link is private to whoever was given it: never indexed.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: args.data ? `${args.data.name} · ${t('social:wishlists.sharedTitle')}` : t('notFound.title'), noIndex: true }));

export default function SharedWishlist({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('social');
  return (
    <Container className="py-8 sm:py-12" data-testid="shared-wishlist">
      <p className="text-sm font-semibold uppercase tracking-wide text-moss-700">{t('wishlists.sharedTitle')}</p>
      <h1 className="mt-1 text-3xl font-semibold sm:text-4xl" dir="auto">
        {loaderData.name}
      </h1>
      <p className="mt-2 text-ink-muted">{t('wishlists.sharedLead')}</p>
      <div className="mt-6">
        {loaderData.products.length === 0 ? <p className="text-ink-muted">{t('wishlists.empty')}</p> : <ProductGrid products={loaderData.products} />}
      </div>
    </Container>
  );
}
