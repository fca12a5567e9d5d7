import { Trans } from '../lib/i18n/react';
import type { Route } from './+types/profile-orders';
import { OrdersPage, ordersState } from '../features/orders/OrdersPage';
import { listOrders } from '../features/orders/orders-api';
import { AccountLoadFailed, AccountPending } from '../features/profile/AccountPageState';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('orders.title'), noIndex: true }));

/** The tab is in the address (`?state=past`); the buyer's token is the browser's, so a clientLoader. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const state = ordersState(request.url);
  return { state, first: await listOrders(state, undefined, request.signal) };
}

export const HydrateFallback = () => <AccountPending title={<Trans i18nKey="orders.title" />} testId="orders-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={<Trans i18nKey="orders.title" />} testId="orders-page" />;

/** The buyer's active and past orders. */
export default function ProfileOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersPage state={loaderData.state} first={loaderData.first} />;
}
