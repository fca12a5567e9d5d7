import type { Route } from './+types/profile-quotations';
import { QuotationsPage } from '../features/quotations/QuotationsPage';
import { pageMeta } from '../lib/seo';

export const handle = { i18n: ['quotations'] };
export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('quotations:title'), noIndex: true }));

/** The buyer's quotations and requests for quotation (issue #13 §1). */
export default function ProfileQuotations() {
  return <QuotationsPage />;
}
