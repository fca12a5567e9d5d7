import { COMMISSION_STATUSES, type TCommissionSummary } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateLabel } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { money } from '../../catalog/format';
import { Card, PageTitle } from '../../../ui/bits';
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
      <h2 className="mb-2 font-semibold">{t('admin.totals')}</h2>
      <dl className="mb-6 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6" data-testid="admin-commission-totals">
        {COMMISSION_STATUSES.map((status) => (
          <Card key={status} as="div" padded={false} className="p-3">
            <dt className="text-sm text-ink-muted">{t(`status.${status}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums">{totals.get(status) ?? 0}</dd>
          </Card>
        ))}
      </dl>
      <h2 id="admin-commissions-latest" className="mb-2 font-semibold">
        {t('admin.latest')}
      </h2>
      {/* A table wider than a phone scrolls: reachable and named for a keyboard (axe: scrollable-region-focusable). */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="admin-commissions-latest">
        <table className="w-full text-start text-sm" data-testid="admin-commission-table">
          <thead>
            <tr className="text-ink-muted">
              <th className="p-2 text-start">{t('pieceTitle')}</th>
              <th className="p-2 text-start">{t('store')}</th>
              <th className="p-2 text-start">{t('buyer')}</th>
              <th className="p-2 text-start">{t('quantity')}</th>
              <th className="p-2 text-start">{t('price')}</th>
              <th className="p-2 text-start">{t('admin.updated')}</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
    </section>
  );
}
