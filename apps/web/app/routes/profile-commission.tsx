import type { Route } from './+types/profile-commission';
import { CommissionPage } from '../features/commissions/CommissionPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('commissions:title'), noIndex: true }));

/** One commission, every step of it. */
export default function ProfileCommission({ params }: Route.ComponentProps) {
  return <CommissionPage id={params.id} />;
}
