import type { TQuotationRequest } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateLabel } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { AccountLayout } from '../profile/AccountLayout';
import { quotationsApi } from './api';
import { RequestForm } from './RequestForm';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; requests: TQuotationRequest[] };

/** /profile/quotations: the buyer's requests with their states, the RFQ form, and the product form (?productId=…&title=…&moq=…). */
export function QuotationsPage() {
  const { t } = useTranslation('quotations');
  const { t: tRoot } = useTranslation();
  const { language } = usePreferences();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const productId = params.get('productId');
  const product = productId
    ? { id: productId, title: params.get('title') ?? '', moq: Number(params.get('moq') ?? 1) || 1, variantId: params.get('variantId') ?? undefined }
    : undefined;
  const [showForm, setShowForm] = useState(Boolean(product) || params.get('new') === 'rfq');
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    quotationsApi.list().then(
      (requests) => current && setLoad({ state: 'ready', requests }),
      () => current && setLoad({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <AccountLayout title={t('title')} lead={t('lead')} testId="quotations-page">
      <div className="mb-6">
        {showForm ? (
          <RequestForm product={product} onSent={(id) => void navigate(`/profile/quotations/${id}`)} />
        ) : (
          <Button onClick={() => setShowForm(true)} data-testid="new-rfq">
            {t('newRfq')}
          </Button>
        )}
      </div>
      {load.state === 'loading' ? (
        <p role="status">{tRoot('common.loading')}</p>
      ) : load.state === 'failed' ? (
        <p role="alert" className="rounded-2xl bg-clay-50 p-4 text-clay-800">
          {t('failed')}
        </p>
      ) : load.requests.length === 0 ? (
        <p className="text-ink-muted">{t('none')}</p>
      ) : (
        <ul className="grid gap-3" data-testid="quotation-requests">
          {load.requests.map((request) => {
            const total = Object.values(request.counts).reduce((sum, n) => sum + n, 0);
            return (
              <li key={request.id} className="rounded-2xl border border-sand-200 bg-white p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link to={`/profile/quotations/${request.id}`} className="min-w-0 font-semibold text-moss-900 hover:underline" dir="auto">
                    {request.product?.title ?? request.description.slice(0, 80)}
                  </Link>
                  <span className="text-sm font-semibold text-moss-800">{t(`status.${request.status}`)}</span>
                </div>
                <p className="mt-1 text-sm text-ink-muted">
                  {t(`kind.${request.kind}`)} · {request.category.name} · {t('quantity')}: {request.quantity}
                </p>
                <p className="mt-1 text-sm text-ink-muted">
                  {t('created', { date: formatDateLabel(request.createdAt, language) })} ·{' '}
                  {t('counts', { answered: request.counts.answered + request.counts.accepted, total })}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </AccountLayout>
  );
}
