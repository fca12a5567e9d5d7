import type { TOffer } from '@tessera/contracts';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/offers';
import { catalogGet, isSiteLocked } from '../features/catalog/server-api';
import { OffersFrame, OffersPage } from '../features/offers/OffersPage';
import { pageMeta } from '../lib/seo';
import { LoadFailed } from '../ui/PageState';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('offers.title'), description: t('offers.lead') }));

/**
 * The active public promo codes, in the visitor's language and currency (the API's read is public, so
 * the server renders them). A failed read is the route's ErrorBoundary: the page's frame with a retry.
 */
export async function loader(args: Route.LoaderArgs) {
  if (isSiteLocked(args)) return { offers: [] as TOffer[] };
  return { offers: (await catalogGet<{ offers: TOffer[] }>(args, '/v1/offers')).offers };
}

export function ErrorBoundary() {
  const revalidator = useRevalidator();
  return (
    <OffersFrame>
      <LoadFailed onRetry={() => void revalidator.revalidate()} />
    </OffersFrame>
  );
}

/** The offers page: the active public promo codes. */
export default function Offers({ loaderData }: Route.ComponentProps) {
  return <OffersPage offers={loaderData.offers} />;
}
