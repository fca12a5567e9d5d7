import type { TPoints } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { money } from '../catalog/format';
import { AccountLayout, Panel } from '../profile/AccountLayout';
import { LedgerLoad, LedgerRow } from './ledger';
import { getPoints } from './wallet-api';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; points: TPoints };

/** Bonus points (seed `bonusPoint`): the balance, what it is worth at checkout, the rule and the ledger. */
export function PointsPage() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const account = useBuyerAccount();
  const signedIn = Boolean(account.profile);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    getPoints().then(
      (points) => current && setLoad({ state: 'ready', points }),
      () => current && setLoad({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [signedIn]);

  if (!account.profile) return <AccountLoading failed={account.failed} />;
  return (
    <AccountLayout title={t('points.title')} testId="points-page">
      <LedgerLoad load={load} failed={t('points.failed')}>
        {(ready) => (
          <div className="space-y-6">
            <div className="rounded-3xl bg-moss-800 p-5 text-white">
              <p className="text-sm text-moss-100">{t('points.balance')}</p>
              <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid="points-balance">
                {formatNumber(ready.points.bonusPoint, language)}
              </p>
              <p className="mt-1 text-sm text-moss-100">{t('points.worth', { amount: money(ready.points.worth, language) })}</p>
            </div>
            <p className="text-sm text-ink-muted">
              {t('points.rule', {
                points: formatNumber(ready.points.rules.pointsPerUnit, language),
                value: money(ready.points.rules.pointValue, language),
              })}
            </p>
            <Panel title={t('points.ledger')} id="points-ledger">
              {ready.points.entries.length === 0 ? (
                <p className="text-ink-muted">{t('points.none')}</p>
              ) : (
                <ul className="divide-y divide-sand-200" data-testid="points-entries">
                  {ready.points.entries.map((entry) => (
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
                  ))}
                </ul>
              )}
            </Panel>
          </div>
        )}
      </LedgerLoad>
    </AccountLayout>
  );
}
