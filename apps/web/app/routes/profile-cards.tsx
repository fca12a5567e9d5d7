import type { Route } from './+types/profile-cards';
import { CardsPage } from '../features/payment/CardsPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('cards.title'), noIndex: true }));

/** The buyer's saved cards. */
export default function ProfileCards() {
  return <CardsPage />;
}
