import type { CustomOption, TCommissionSummary } from '@tessera/contracts';
import { useTranslation } from '../../lib/i18n/react';
import { useSearchParams } from 'react-router';
import { formatDateLabel } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { RequestList } from '../../ui/RequestList';
import { money } from '../catalog/format';
import { AccountLayout } from '../profile/AccountLayout';
import { StatusBadge } from './CommissionBits';
import { RequestForm, requestTarget } from './RequestForm';

/**
 * /profile/commissions: the buyer's commissions with their states (read by the route's loader), and
 * the request form when asked from a product or a store (its target in the address).
 */
export function CommissionsPage({ commissions, options }: { commissions: TCommissionSummary[]; options: CustomOption[] }) {
  const { t } = useTranslation('commissions');
  const { language } = usePreferences();
  const [params] = useSearchParams();
  const target = requestTarget(params);

  return (
    <AccountLayout title={t('title')} lead={t('lead')} testId="commissions-page">
      {target ? (
        <div className="mb-6">
          <RequestForm key={params.toString()} target={target} options={options} />
        </div>
      ) : null}
      <RequestList
        items={commissions}
        empty={t('none')}
        testId="commission-list"
        rowTestId="commission-row"
        card={(commission) => ({
          to: `/profile/commissions/${commission.id}`,
          title: commission.title,
          badge: <StatusBadge status={commission.status} />,
          lines: [
            <>
              {t(`kind.${commission.kind}`)} · <bdi>{commission.store.name}</bdi> · {t('quantity')}: {commission.quantity}
              {commission.price ? ` · ${money(commission.price, language)}` : ''}
            </>,
            t('created', { date: formatDateLabel(commission.createdAt, language) }),
          ],
        })}
      />
    </AccountLayout>
  );
}
