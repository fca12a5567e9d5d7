import type { Route } from './+types/offers';
import { OffersPage } from '../features/offers/OffersPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('offers.title'), description: t('offers.lead') }));

/** The offers page: the active public promo codes. */
export default function Offers() {
  return <OffersPage />;
}
