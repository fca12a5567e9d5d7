import type { Route } from './+types/profile-quotation';
import { QuotationPage } from '../features/quotations/QuotationPage';
import { pageMeta } from '../lib/seo';

export const handle = { i18n: ['quotations'] };
export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('quotations:compare'), noIndex: true }));

/** One request and its quotations side by side. */
export default function ProfileQuotation({ params }: Route.ComponentProps) {
  return <QuotationPage id={params.id} />;
}
