import { COMMISSION_STATUSES, type TCommissionSummary } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { formatDateLabel } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { money } from '../../catalog/format';
import { PageTitle } from '../../../ui/bits';
import { OverviewTable, StateTotals } from '../../../ui/Overview';
import { StatusBadge } from '../CommissionBits';

/** The console's overview (/admin/commissions), read only: how many stand in each state, and the latest with their amounts. */
export function AdminCommissionsPage({ rows }: { rows: TCommissionSummary[] }) {
  const { t } = useTranslation('commissions');
  const { language } = usePreferences();
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.status, (totals.get(row.status) ?? 0) + 1);
  return (
    <section data-testid="admin-commissions">
      <PageTitle title={t('admin.title')} lead={t('admin.lead')} />
      <StateTotals
        title={t('admin.totals')}
        totals={COMMISSION_STATUSES.map((status) => ({ key: status, label: t(`status.${status}`), count: totals.get(status) ?? 0 }))}
        testId="admin-commission-totals"
      />
      <OverviewTable
        id="admin-commissions-latest"
        title={t('admin.latest')}
        columns={[t('pieceTitle'), t('store'), t('buyer'), t('quantity'), t('price'), t('admin.updated')]}
        testId="admin-commission-table"
      >
        {rows.map((row) => (
          <tr key={row.id} className="border-t border-sand-200">
            <td className="p-2">
              <span className="block max-w-xs truncate font-semibold" dir="auto">
                {row.title}
              </span>
              <span className="text-xs text-ink-muted">{t(`kind.${row.kind}`)}</span>
            </td>
            <td className="p-2">
              <bdi>{row.store.name}</bdi>
            </td>
            <td className="p-2">
              <bdi>{row.buyerName}</bdi>
            </td>
            <td className="p-2 tabular-nums">{row.quantity}</td>
            <td className="p-2 tabular-nums">{row.price ? money(row.price, language) : '—'}</td>
            <td className="p-2">
              <span className="flex flex-wrap items-center gap-2">
                <StatusBadge status={row.status} />
                {formatDateLabel(row.updatedAt, language)}
              </span>
            </td>
          </tr>
        ))}
      </OverviewTable>
    </section>
  );
}
