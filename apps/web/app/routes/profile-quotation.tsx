import { Trans } from '../lib/i18n/react';
import { redirect } from 'react-router';
import type { Route } from './+types/profile-quotation';
import { AccountLoadFailed, AccountPending, AccountRefused } from '../features/profile/AccountPageState';
import { quotationsApi } from '../features/quotations/api';
import { QuotationPage } from '../features/quotations/QuotationPage';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { refusable, runAction } from '../lib/route-data';
import { pageMeta } from '../lib/seo';

export const handle = { i18n: ['quotations'] };
export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('quotations:compare'), noIndex: true }));

/** The request and its quotations as the server has them; one that is not there (or not the buyer's) is said in the server's words. */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return refusable(quotationsApi.get(params.id, request.signal));
}

/**
 * The buyer's steps (each names its quotation, the withdrawal its request): an accepted quotation is
 * in the cart at its price (a fresh key per acceptance), so the cart opens; the chat opens its
 * conversation; after the others the loader reads the request again.
 */
export const clientAction = ({ request }: Route.ClientActionArgs) =>
  runAction(request, {
    accept: async (id: string) => {
      await quotationsApi.accept(id, newIdempotencyKey());
      return redirect('/cart');
    },
    decline: (id: string) => quotationsApi.decline(id),
    withdraw: (id: string) => quotationsApi.withdraw(id),
    chat: async (id: string) => redirect(`/profile/message-center?c=${encodeURIComponent(await quotationsApi.chat(id))}`),
  });

const title = <Trans ns="quotations" i18nKey="title" />;
export const HydrateFallback = () => <AccountPending title={title} testId="quotation-page" />;
export const ErrorBoundary = () => <AccountLoadFailed title={title} testId="quotation-page" />;

/** One request and its quotations side by side. */
export default function ProfileQuotation({ loaderData }: Route.ComponentProps) {
  if (loaderData.problem) return <AccountRefused title={title} problem={loaderData.problem} testId="quotation-page" />;
  return <QuotationPage request={loaderData.data} />;
}
