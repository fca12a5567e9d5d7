import { Trans } from '../lib/i18n/react';
import type { Route } from './+types/profile-wishlists';
import { AccountLoadFailed, AccountPending } from '../features/profile/AccountPageState';
import { wishlistsApi } from '../features/social/api';
import { wishlistIntents } from '../features/social/wishlist-actions';
import { WishlistsPage } from '../features/social/WishlistsPage';
import { runAction } from '../lib/route-data';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('social:wishlists.title'), noIndex: true }));

/** A guest's read is refused: `lists` is null and the page sends him to the login page, as it did (useBuyerAccount). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { lists: await wishlistsApi.list(request.signal).catch(() => null) };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, wishlistIntents);

const title = <Trans ns="social" i18nKey="wishlists.title" />;
export const HydrateFallback = () => <AccountPending title={title} testId="wishlists-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={title} testId="wishlists-page" />;

/** The buyer's wishlists. */
export default function ProfileWishlists({ loaderData }: Route.ComponentProps) {
  return <WishlistsPage lists={loaderData.lists} />;
}
