import type { Route } from './+types/profile-wishlists';
import { WishlistsPage } from '../features/social/WishlistsPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('social:wishlists.title'), noIndex: true }));

/** The buyer's wishlists. */
export default function ProfileWishlists() {
  return <WishlistsPage />;
}
