import { Trans } from '../lib/i18n/react';
import type { Route } from './+types/profile-favourites';
import { FavouritesPage } from '../features/social/FavouritesPage';
import { favouritesApi } from '../features/social/api';
import { AccountLoadFailed, AccountPending } from '../features/profile/AccountPageState';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('social:favourites.title'), noIndex: true }));

/** Guests have favourites too: the browser's token (a guest one if need be) reads them. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { favourites: await favouritesApi.list(request.signal) };
}

const title = <Trans ns="social" i18nKey="favourites.title" />;
export const HydrateFallback = () => <AccountPending title={title} testId="favourites-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={title} testId="favourites-page" />;

/** Favourite products and stores (buyers and guests). */
export default function ProfileFavourites({ loaderData }: Route.ComponentProps) {
  return <FavouritesPage favourites={loaderData.favourites} />;
}
