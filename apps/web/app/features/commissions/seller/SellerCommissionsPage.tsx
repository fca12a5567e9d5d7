import type { TCommissionSummary } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { Container } from '../../../ui/Container';
import { Link } from 'react-router';
import { formatDateLabel } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { money } from '../../catalog/format';
import { Empty } from '../../../ui/PageState';
import { Card, PageTitle } from '../../../ui/bits';
import { StatusBadge } from '../CommissionBits';

/** The seller portal's commissions inbox (/seller/commissions): newest activity first, each opening its page. */
export function SellerCommissionsPage({ inbox }: { inbox: TCommissionSummary[] }) {
  const { t } = useTranslation('commissions');
  const { language } = usePreferences();
  return (
    <Container className="py-8 sm:py-10" data-testid="seller-commissions">
      <PageTitle title={t('seller.title')} lead={t('seller.lead')} />
      {inbox.length === 0 ? <Empty>{t('seller.none')}</Empty> : null}
      {inbox.length > 0 ? (
        <ul className="space-y-3" data-testid="seller-commission-inbox">
          {inbox.map((row) => (
            <li key={row.id}>
              <Card as="article" data-testid="seller-commission-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={`/seller/commissions/${row.id}`} className="min-w-0 font-semibold text-moss-900 underline-offset-2 hover:underline" dir="auto">
                    {row.title}
                  </Link>
                  <StatusBadge status={row.status} />
                </div>
                <p className="mt-1 text-sm text-ink-muted">
                  {t(`kind.${row.kind}`)} · {t('buyer')}: <bdi>{row.buyerName}</bdi> · {t('quantity')}: {row.quantity}
                  {row.price ? ` · ${money(row.price, language)}` : ''} · {formatDateLabel(row.updatedAt, language)}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
    </Container>
  );
}
