import type { Route } from './+types/profile-company';
import { CompanyPage } from '../features/company/CompanyPage';
import { pageMeta } from '../lib/seo';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('company.title'), noIndex: true }));

/** Retailer or distributor registration and its approval state. */
export default function ProfileCompany() {
  return <CompanyPage />;
}
