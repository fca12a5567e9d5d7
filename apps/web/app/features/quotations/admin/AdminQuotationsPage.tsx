import { QUOTATION_STATES } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateLabel } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Card, PageTitle } from '../../../ui/bits';
import type { adminQuotationsApi } from '../api';

/** The console's overview (/admin/quotations): quotations by state and the latest requests. */
export function AdminQuotationsPage({ data }: { data: Awaited<ReturnType<typeof adminQuotationsApi.overview>> }) {
  const { t } = useTranslation('quotations');
  const { language } = usePreferences();
  return (
    <section data-testid="admin-quotations">
      <PageTitle title={t('admin.title')} lead={t('admin.lead')} />
      <h2 className="mb-2 font-semibold">{t('admin.totals')}</h2>
      <dl className="mb-6 grid grid-cols-2 gap-2 sm:grid-cols-6">
        {QUOTATION_STATES.map((state) => (
          <Card key={state} as="div">
            <dt className="text-sm text-ink-muted">{t(`state.${state}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums">{data.totals[state] ?? 0}</dd>
          </Card>
        ))}
      </dl>
      <h2 id="admin-quotations-requests" className="mb-2 font-semibold">
        {t('admin.requests')}
      </h2>
      {/* A table wider than a phone scrolls: reachable and named for a keyboard (axe: scrollable-region-focusable). */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="admin-quotations-requests">
        <table className="w-full text-start text-sm">
          <thead>
            <tr className="text-ink-muted">
              <th className="p-2 text-start">{t('description')}</th>
              <th className="p-2 text-start">{t('category')}</th>
              <th className="p-2 text-start">{t('quantity')}</th>
              <th className="p-2 text-start">{t('seller.buyer')}</th>
              <th className="p-2 text-start">{t('title')}</th>
              <th className="p-2 text-start">{t('created', { date: '' }).trim()}</th>
            </tr>
          </thead>
          <tbody>
            {data.requests.map((request) => {
              const total = Object.values(request.counts).reduce((sum, n) => sum + n, 0);
              return (
                <tr key={request.id} className="border-t border-sand-200">
                  <td className="max-w-xs truncate p-2" dir="auto">
                    {request.product?.title ?? request.description}
                  </td>
                  <td className="p-2">{request.category.name}</td>
                  <td className="p-2 tabular-nums">{request.quantity}</td>
                  <td className="p-2">
                    <bdi>{request.buyerName}</bdi>
                  </td>
                  <td className="p-2">{t('counts', { answered: request.counts.answered + request.counts.accepted, total })}</td>
                  <td className="p-2">
                    {t(`status.${request.status}`)} · {formatDateLabel(request.createdAt, language)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
