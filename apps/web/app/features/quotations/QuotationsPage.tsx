import type { TCategory, TQuotationRequest } from '@tessera/contracts';
import { useTranslation } from '../../lib/i18n/react';
import { useSearchParams } from 'react-router';
import { formatDateLabel } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { ButtonLink } from '../../ui/Button';
import { RequestList } from '../../ui/RequestList';
import { AccountLayout } from '../profile/AccountLayout';
import { RequestForm, requestProduct } from './RequestForm';

/** Whether the address asks the request form: for a product (?productId=…) or a new RFQ (?new=rfq). */
export const asksForm = (params: URLSearchParams) => params.has('productId') || params.get('new') === 'rfq';

/**
 * /profile/quotations: the buyer's requests with their states (read by the route's loader), the RFQ
 * form (?new=rfq, which the "new request" button opens) and the product form (?productId=…&title=…&moq=…).
 */
export function QuotationsPage({ requests, categories }: { requests: TQuotationRequest[]; categories: TCategory[] }) {
  const { t } = useTranslation('quotations');
  const { language } = usePreferences();
  const [params] = useSearchParams();
  const product = requestProduct(params);

  return (
    <AccountLayout title={t('title')} lead={t('lead')} testId="quotations-page">
      <div className="mb-6">
        {asksForm(params) ? (
          <RequestForm key={params.toString()} product={product} categories={categories} />
        ) : (
          <ButtonLink to="?new=rfq" preventScrollReset data-testid="new-rfq">
            {t('newRfq')}
          </ButtonLink>
        )}
      </div>
      <RequestList
        items={requests}
        empty={t('none')}
        testId="quotation-requests"
        card={(request) => {
          const total = Object.values(request.counts).reduce((sum, n) => sum + n, 0);
          return {
            to: `/profile/quotations/${request.id}`,
            title: request.product?.title ?? request.description.slice(0, 80),
            badge: <span className="text-sm font-semibold text-moss-800">{t(`status.${request.status}`)}</span>,
            lines: [
              `${t(`kind.${request.kind}`)} · ${request.category.name} · ${t('quantity')}: ${request.quantity}`,
              `${t('created', { date: formatDateLabel(request.createdAt, language) })} · ${t('counts', { answered: request.counts.answered + request.counts.accepted, total })}`,
            ],
          };
        }}
      />
    </AccountLayout>
  );
}
