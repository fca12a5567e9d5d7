import type { TCommissionSummary } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateLabel } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { money } from '../catalog/format';
import { AccountLayout } from '../profile/AccountLayout';
import { commissionsApi } from './api';
import { StatusBadge } from './CommissionBits';
import { RequestForm, type RequestTarget } from './RequestForm';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; commissions: TCommissionSummary[] };

/** The form's target from the address: ?productId=…&title=… (product page) or ?storeId=…&store=… (store page). */
function targetOf(params: URLSearchParams): RequestTarget | null {
  const productId = params.get('productId');
  if (productId) return { kind: 'CustomProduct', productId, title: params.get('title') ?? '' };
  const storeId = params.get('storeId');
  if (storeId) return { kind: 'fullyCustom', storeId, storeName: params.get('store') ?? '' };
  return null;
}

/** /profile/commissions: the buyer's commissions with their states, and the request form when asked from a product or a store. */
export function CommissionsPage() {
  const { t } = useTranslation('commissions');
  const { t: tRoot } = useTranslation();
  const { language } = usePreferences();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = targetOf(params);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    commissionsApi.list().then(
      (commissions) => current && setLoad({ state: 'ready', commissions }),
      () => current && setLoad({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <AccountLayout title={t('title')} lead={t('lead')} testId="commissions-page">
      {target ? (
        <div className="mb-6">
          <RequestForm key={params.toString()} target={target} onSent={(id) => void navigate(`/profile/commissions/${id}`)} />
        </div>
      ) : null}
      {load.state === 'loading' ? (
        <p role="status">{tRoot('common.loading')}</p>
      ) : load.state === 'failed' ? (
        <p role="alert" className="rounded-2xl bg-clay-50 p-4 text-clay-800">
          {t('failed')}
        </p>
      ) : load.commissions.length === 0 ? (
        <p className="text-ink-muted">{t('none')}</p>
      ) : (
        <ul className="grid gap-3" data-testid="commission-list">
          {load.commissions.map((commission) => (
            <li key={commission.id} className="rounded-2xl border border-sand-200 bg-white p-4" data-testid="commission-row">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/profile/commissions/${commission.id}`} className="min-w-0 font-semibold text-moss-900 hover:underline" dir="auto">
                  {commission.title}
                </Link>
                <StatusBadge status={commission.status} />
              </div>
              <p className="mt-1 text-sm text-ink-muted">
                {t(`kind.${commission.kind}`)} · <bdi>{commission.store.name}</bdi> · {t('quantity')}: {commission.quantity}
                {commission.price ? ` · ${money(commission.price, language)}` : ''}
              </p>
              <p className="mt-1 text-sm text-ink-muted">{t('created', { date: formatDateLabel(commission.createdAt, language) })}</p>
            </li>
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}
