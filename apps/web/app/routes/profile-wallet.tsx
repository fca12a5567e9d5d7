import { Trans } from '../lib/i18n/react';
import type { Route } from './+types/profile-wallet';
import { AccountLoadFailed, AccountPending } from '../features/profile/AccountPageState';
import { WalletPage } from '../features/wallet/WalletPage';
import { getWallet } from '../features/wallet/wallet-api';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('wallet.title'), noIndex: true }));

/** A guest's read is refused: `wallet` is null and the page sends him to the login page, as it did (useBuyerAccount). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { wallet: await getWallet(undefined, request.signal).catch(() => null) };
}

const title = <Trans i18nKey="wallet.title" />;
export const HydrateFallback = () => <AccountPending title={title} testId="wallet-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={title} testId="wallet-page" />;

/** The buyer's wallet: balance, current credit, recent transactions and top-up by card. */
export default function ProfileWallet({ loaderData }: Route.ComponentProps) {
  return <WalletPage wallet={loaderData.wallet} />;
}
