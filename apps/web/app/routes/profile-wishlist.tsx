import type { Route } from './+types/profile-wishlist';
import { WishlistPage } from '../features/social/WishlistPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('social:wishlists.title'), noIndex: true }));

/** One of the buyer's wishlists. */
export default function ProfileWishlist({ params }: Route.ComponentProps) {
  return <WishlistPage id={params.id} />;
}
