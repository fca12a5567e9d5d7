import type { Route } from './+types/profile-wallet';
import { WalletPage } from '../features/wallet/WalletPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('wallet.title'), noIndex: true }));

/** The buyer's wallet: balance, current credit, recent transactions and top-up by card. */
export default function ProfileWallet() {
  return <WalletPage />;
}
