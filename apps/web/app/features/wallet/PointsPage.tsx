import type { TPoints } from '@tessera/contracts';
import { useTranslation } from '../../lib/i18n/react';
import { useRevalidator } from 'react-router';
import { formatNumber } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { LoadFailed } from '../../ui/PageState';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { money } from '../catalog/format';
import { AccountLayout, Panel } from '../profile/AccountLayout';
import { LedgerList, LedgerRow } from './ledger';

/**
 * Bonus points (seed `bonusPoint`): the balance, what it is worth at checkout, the rule and the ledger.
 * The route's clientLoader reads them (routes/profile-points.tsx); a guest is sent to the login page as
 * before (useBuyerAccount), his refused read (`points` null) never shown.
 */
export function PointsPage({ points }: { points: TPoints | null }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const account = useBuyerAccount();
  const revalidator = useRevalidator();

  if (!account.profile) return <AccountLoading failed={account.failed} />;
  return (
    <AccountLayout title={t('points.title')} testId="points-page">
      {points === null ? (
        <LoadFailed onRetry={() => void revalidator.revalidate()} />
      ) : (
        <div className="space-y-6">
          <div className="rounded-3xl bg-moss-800 p-5 text-white">
            <p className="text-sm text-moss-100">{t('points.balance')}</p>
            <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid="points-balance">
              {formatNumber(points.bonusPoint, language)}
            </p>
            <p className="mt-1 text-sm text-moss-100">{t('points.worth', { amount: money(points.worth, language) })}</p>
          </div>
          <p className="text-sm text-ink-muted">
            {t('points.rule', {
              points: formatNumber(points.rules.pointsPerUnit, language),
              value: money(points.rules.pointValue, language),
            })}
          </p>
          <Panel title={t('points.ledger')} id="points-ledger">
            <LedgerList
              entries={points.entries}
              empty={t('points.none')}
              testId="points-entries"
              row={(entry) => (
                <LedgerRow
                  key={entry.id}
                  testId="points-entry"
                  title={t(`points.kind.${entry.kind}`)}
                  createdAt={entry.createdAt}
                  orderId={entry.orderId}
                  amount={formatNumber(entry.points, language)}
                  incoming={entry.points >= 0}
                  balanceAfter={t('points.balanceAfter', { points: formatNumber(entry.balanceAfter, language) })}
                  language={language}
                />
              )}
            />
          </Panel>
        </div>
      )}
    </AccountLayout>
  );
}
