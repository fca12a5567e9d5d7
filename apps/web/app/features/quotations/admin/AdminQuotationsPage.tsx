import { QUOTATION_STATES } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { formatDateLabel } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { PageTitle } from '../../../ui/bits';
import { OverviewTable, StateTotals } from '../../../ui/Overview';
import type { adminQuotationsApi } from '../api';

/** The console's overview (/admin/quotations): quotations by state and the latest requests. */
export function AdminQuotationsPage({ data }: { data: Awaited<ReturnType<typeof adminQuotationsApi.overview>> }) {
  const { t } = useTranslation('quotations');
  const { language } = usePreferences();
  return (
    <section data-testid="admin-quotations">
      <PageTitle title={t('admin.title')} lead={t('admin.lead')} />
      <StateTotals
        title={t('admin.totals')}
        totals={QUOTATION_STATES.map((state) => ({ key: state, label: t(`state.${state}`), count: data.totals[state] ?? 0 }))}
      />
      <OverviewTable
        id="admin-quotations-requests"
        title={t('admin.requests')}
        columns={[t('description'), t('category'), t('quantity'), t('seller.buyer'), t('title'), t('created', { date: '' }).trim()]}
      >
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
      </OverviewTable>
    </section>
  );
}
