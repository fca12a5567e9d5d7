import { Trans } from '../lib/i18n/react';
import type { Route } from './+types/profile-cards';
import { CardsPage } from '../features/payment/CardsPage';
import { listCards, removeCard } from '../features/payment/cards-api';
import { AccountLoadFailed, AccountPending } from '../features/profile/AccountPageState';
import { runAction } from '../lib/route-data';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('cards.title'), noIndex: true }));

/** A guest's read is refused: `cards` is null and the page sends him to the login page, as it did (useBuyerAccount). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { cards: await listCards(request.signal).catch(() => null) };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, { removeCard: (id: string) => removeCard(id) });

const title = <Trans i18nKey="cards.title" />;
export const HydrateFallback = () => <AccountPending title={title} testId="cards-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={title} testId="cards-page" />;

/** The buyer's saved cards. */
export default function ProfileCards({ loaderData }: Route.ComponentProps) {
  return <CardsPage cards={loaderData.cards} />;
}
