import { Trans } from '../lib/i18n/react';
import type { Route } from './+types/profile-quotations';
import { quotationsApi, sendRequest } from '../features/quotations/api';
import { asksForm, QuotationsPage } from '../features/quotations/QuotationsPage';
import { AccountLoadFailed, AccountPending } from '../features/profile/AccountPageState';
import { runAction } from '../lib/route-data';
import { pageMeta } from '../lib/seo';

export const handle = { i18n: ['quotations'] };
export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('quotations:title'), noIndex: true }));

/** The buyer's requests and, for the RFQ form, the categories to choose from (none if that read fails, as before). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const rfq = asksForm(params) && !params.has('productId');
  const [requests, categories] = await Promise.all([quotationsApi.list(request.signal), rfq ? quotationsApi.categories(request.signal).catch(() => []) : []]);
  return { requests, categories };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => runAction(request, { request: sendRequest });

const title = <Trans ns="quotations" i18nKey="title" />;
export const HydrateFallback = () => <AccountPending title={title} testId="quotations-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={title} testId="quotations-page" />;

/** The buyer's quotations and requests for quotation (issue #13 §1). */
export default function ProfileQuotations({ loaderData }: Route.ComponentProps) {
  return <QuotationsPage requests={loaderData.requests} categories={loaderData.categories} />;
}
