import { LANGUAGES, type TStore } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { formatDateLabel, formatTime } from '../../../lib/format';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useSnackbar } from '../../../ui/snackbar';
import { placeName } from '../../../ui/countries';
import { localized } from '../../portal-shell/SellerPortal';
import { usePortalSession } from '../../portal-shell/session';
import { Badge, Detail, Notice, PageTitle } from '../../../ui/bits';
import { UploadImage } from '../../portal-shell/blob';
import { QueueView, ReviewActions, useQueue, useQueueStatus, type Page } from './review';

export const SELLERS_PATH = '/v1/admin/sellers';

export type SellerApplication = TStore & { seller: { id: string; name: string; email: string | null; phone: string | null } };

const POLICY_KEYS = ['shipping', 'returns', 'payment', 'customOrders'] as const;

function SellerCard({ store, onReviewed }: { store: SellerApplication; onReviewed(id: string): void }) {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const name = localized(store.storeName, language);
  const none = t('admin.sellers.none');
  const titleId = `store-${store.id}`;
  const names = LANGUAGES.filter((lng) => store.storeName[lng]);
  const descriptions = LANGUAGES.filter((lng) => store.description[lng]);
  const policies = POLICY_KEYS.filter((key) => store.policies[key]);

  return (
    <article
      aria-labelledby={titleId}
      data-testid="seller-card"
      data-store={store.storeAliasName}
      className="rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-start gap-4">
        {store.logoImages.logoImageThumb ? (
          <UploadImage path={store.logoImages.logoImageThumb} alt={t('admin.sellers.logoAlt', { name })} frameClassName="h-16 w-16 shrink-0" />
        ) : (
          <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl border border-dashed border-sand-300 bg-sand-50 p-1 text-center text-xs text-ink-muted">
            {t('admin.sellers.noLogo')}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-xl font-semibold">
            {name}
          </h2>
          <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <Badge tone={store.status}>{t(`admin.queue.${store.status}`)}</Badge>
            <span>
              {t('admin.queue.submitted', { date: `${formatDateLabel(store.createdAt, language)} ${formatTime(store.createdAt, language)}` })}
            </span>
          </div>
        </div>
      </header>

      {store.status === 'rejected' && store.rejectionReason ? (
        <div className="mt-4">
          <Notice tone="rejected" title={t('admin.queue.rejectionReason')}>
            <p className="whitespace-pre-line" dir="auto">
              {store.rejectionReason}
            </p>
          </Notice>
        </div>
      ) : null}

      <dl className="mt-4 divide-y divide-sand-200 border-y border-sand-200">
        <Detail label={t('admin.sellers.fields.storeName')}>
          <ul className="space-y-0.5">
            {names.map((lng) => (
              <li key={lng}>
                <span className="text-sm text-ink-muted" lang={lng}>
                  {LANGUAGE_NAMES[lng]}:
                </span>{' '}
                <span lang={lng}>{store.storeName[lng]}</span>
              </li>
            ))}
          </ul>
        </Detail>
        <Detail label={t('admin.sellers.fields.alias')}>
          <span dir="ltr">{store.storeAliasName}</span>
        </Detail>
        <Detail label={t('admin.sellers.fields.location')}>{placeName(store.city, store.country, language)}</Detail>
        <Detail label={t('admin.sellers.fields.address')}>{store.address ? <bdi>{store.address}</bdi> : none}</Detail>
        <Detail label={t('admin.sellers.fields.seller')}>{store.seller.name}</Detail>
        <Detail label={t('admin.sellers.fields.email')}>
          {store.seller.email ? (
            <a href={`mailto:${store.seller.email}`} className="text-moss-800 underline underline-offset-4">
              {store.seller.email}
            </a>
          ) : (
            none
          )}
        </Detail>
        <Detail label={t('admin.sellers.fields.phone')}>{store.seller.phone ? <span dir="ltr">{store.seller.phone}</span> : none}</Detail>
        <Detail label={t('admin.sellers.fields.description')}>
          {descriptions.length > 0 ? (
            <div className="space-y-2">
              {descriptions.map((lng) => (
                <p key={lng} lang={lng} dir="auto" className="whitespace-pre-line">
                  {store.description[lng]}
                </p>
              ))}
            </div>
          ) : (
            none
          )}
        </Detail>
        <Detail label={t('admin.sellers.fields.policies')}>
          {policies.length > 0 ? (
            <dl className="space-y-1.5">
              {policies.map((key) => (
                <div key={key}>
                  <dt className="text-sm font-semibold">{t(`seller.store.${key}`)}</dt>
                  <dd className="whitespace-pre-line" dir="auto">
                    {store.policies[key]}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            none
          )}
        </Detail>
      </dl>

      {store.status === 'pending' ? (
        <div className="mt-5">
          <ReviewActions
            name={name}
            onStale={() => onReviewed(store.id)}
            onDecision={async (decision) => {
              await session.client().post(`${SELLERS_PATH}/${store.id}/review`, decision);
              snackbar(t(decision.decision === 'approve' ? 'admin.sellers.approved' : 'admin.sellers.rejected', { name }));
              onReviewed(store.id);
            }}
          />
        </div>
      ) : null}
    </article>
  );
}

export function SellersQueue({ first }: { first: Page<SellerApplication> }) {
  const { t } = useTranslation('portal');
  const [status, setStatus] = useQueueStatus();
  const queue = useQueue<SellerApplication>(SELLERS_PATH, status, first);
  return (
    <div>
      <PageTitle title={t('admin.sellers.title')} lead={t('admin.sellers.lead')} />
      <QueueView
        queue={queue}
        status={status}
        onStatus={setStatus}
        testId="seller-queue"
        renderItem={(store) => <SellerCard store={store} onReviewed={queue.remove} />}
      />
    </div>
  );
}
