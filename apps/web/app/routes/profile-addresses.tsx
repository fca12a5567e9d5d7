import type { Route } from './+types/profile-addresses';
import { AddressesPage } from '../features/addresses/AddressesPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('addresses.title'), noIndex: true }));

/** The buyer's delivery addresses. */
export default function ProfileAddresses() {
  return <AddressesPage />;
}
