import { Trans } from '../lib/i18n/react';
import type { Route } from './+types/profile-wishlist';
import { AccountLoadFailed, AccountPending } from '../features/profile/AccountPageState';
import { wishlistsApi } from '../features/social/api';
import { wishlistIntents } from '../features/social/wishlist-actions';
import { WishlistPage } from '../features/social/WishlistPage';
import { refusable, runAction } from '../lib/route-data';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('social:wishlists.title'), noIndex: true }));

/** A list that is not there (or a guest's refused read) is the server's refusal, which the page words. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return { wishlist: await refusable(wishlistsApi.get(params.id, request.signal)) };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, wishlistIntents);

const title = <Trans ns="social" i18nKey="wishlists.title" />;
export const HydrateFallback = () => <AccountPending title={title} testId="wishlist-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={title} testId="wishlist-page" />;

/** One of the buyer's wishlists. */
export default function ProfileWishlist({ loaderData }: Route.ComponentProps) {
  return <WishlistPage wishlist={loaderData.wishlist} />;
}
