import type { Route } from './+types/profile-favourites';
import { FavouritesPage } from '../features/social/FavouritesPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('social:favourites.title'), noIndex: true }));

/** Favourite products and stores (buyers and guests). */
export default function ProfileFavourites() {
  return <FavouritesPage />;
}
