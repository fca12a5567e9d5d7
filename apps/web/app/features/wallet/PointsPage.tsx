import type { TPoints } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { formatDate, money } from '../catalog/format';
import { AccountLayout, Panel } from '../profile/AccountLayout';
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
      {load.state === 'loading' ? (
        <p role="status">{t('common.loading')}</p>
      ) : load.state === 'failed' ? (
        <p className="rounded-2xl bg-clay-50 p-4 text-clay-800" role="alert">
          {t('points.failed')}
        </p>
      ) : (
        <div className="space-y-6">
          <div className="rounded-3xl bg-moss-800 p-5 text-white">
            <p className="text-sm text-moss-100">{t('points.balance')}</p>
            <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid="points-balance">
              {formatNumber(load.points.bonusPoint, language)}
            </p>
            <p className="mt-1 text-sm text-moss-100">{t('points.worth', { amount: money(load.points.worth, language) })}</p>
          </div>
          <p className="text-sm text-ink-muted">
            {t('points.rule', {
              points: formatNumber(load.points.rules.pointsPerUnit, language),
              value: money(load.points.rules.pointValue, language),
            })}
          </p>
          <Panel title={t('points.ledger')} id="points-ledger">
            {load.points.entries.length === 0 ? (
              <p className="text-ink-muted">{t('points.none')}</p>
            ) : (
              <ul className="divide-y divide-sand-200" data-testid="points-entries">
                {load.points.entries.map((entry) => (
                  <li key={entry.id} className="flex items-start justify-between gap-4 py-3" data-testid="points-entry">
                    <div>
                      <p className="font-semibold text-moss-900">{t(`points.kind.${entry.kind}`)}</p>
                      <p className="text-sm text-ink-muted">
                        {formatDate(entry.createdAt, language)}
                        {entry.orderId ? (
                          <>
                            {' · '}
                            <Link to={`/profile/orders/${encodeURIComponent(entry.orderId)}`} className="underline">
                              {t('orders.orderId')} <bdi dir="ltr">{entry.orderId}</bdi>
                            </Link>
                          </>
                        ) : null}
                      </p>
                    </div>
                    <div className="shrink-0 text-end">
                      <p className={`font-semibold tabular-nums ${entry.points >= 0 ? 'text-moss-700' : 'text-clay-700'}`}>
                        <bdi dir="ltr">{(entry.points >= 0 ? '+' : '') + formatNumber(entry.points, language)}</bdi>
                      </p>
                      <p className="text-xs text-ink-muted tabular-nums">{t('points.balanceAfter', { points: formatNumber(entry.balanceAfter, language) })}</p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      )}
    </AccountLayout>
  );
}
