import type { TStore } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { formatDateLabel } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { ButtonLink } from '../../../ui/Button';
import { Container } from '../../../ui/Container';
import { CheckIcon } from '../../../ui/icons';
import { placeName } from '../../../ui/countries';
import { errorText } from '../../../lib/errors';
import { Badge, Card, Detail, Notice, Spinner } from '../../../ui/bits';
import { UploadImage } from '../../portal-shell/blob';
import { Button } from '../../../ui/Button';
import { localized, STATUS_TONE, useSellerStore, type SellerStore } from '../../portal-shell/SellerPortal';

/** The approval status, as clearly as it can be said: pending, approved, or rejected with the reason. */
export function StoreStatusNotice({ store }: { store: TStore }) {
  const { t } = useTranslation('portal');
  if (store.status === 'pending') {
    return (
      <Notice tone="pending" title={t('seller.status.pendingTitle')} testId="store-status" live>
        <p>{t('seller.status.pendingBody')}</p>
      </Notice>
    );
  }
  if (store.status === 'approved') {
    return (
      <Notice tone="approved" title={t('seller.status.approvedTitle')} testId="store-status" live>
        <p>{t('seller.status.approvedBody')}</p>
      </Notice>
    );
  }
  return (
    <Notice tone="rejected" title={t('seller.status.rejectedTitle')} testId="store-status" live>
      <p>{t('seller.status.rejectedBody')}</p>
      {store.rejectionReason ? (
        <div className="mt-3 rounded-lg bg-white/70 px-3 py-2">
          <p className="text-sm font-semibold text-ink-muted">{t('seller.status.reason')}</p>
          <p className="mt-0.5 whitespace-pre-line" dir="auto" data-testid="store-rejection-reason">
            {store.rejectionReason}
          </p>
        </div>
      ) : null}
    </Notice>
  );
}

function Step({ done, label }: { done: boolean; label: string }) {
  const { t } = useTranslation('portal');
  return (
    <li className="flex items-center gap-3 py-2">
      <span
        className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full ${done ? 'bg-moss-700 text-white' : 'border-2 border-sand-300'}`}
        aria-hidden="true"
      >
        {done ? <CheckIcon width={14} height={14} /> : null}
      </span>
      <span className={done ? 'text-ink-muted line-through decoration-1' : 'text-ink'}>{label}</span>
      <span className="sr-only">({done ? t('seller.home.done') : t('seller.home.todo')})</span>
    </li>
  );
}

/** The store while the seller layout loads it, or why it could not (with a retry): the home page's and the editor's. */
export function StoreNotLoaded({ store }: { store: SellerStore }) {
  const { t } = useTranslation('portal');
  return store.error ? (
    <Notice tone="rejected" title={t('common.loadError')}>
      <p>{errorText(store.error, t)}</p>
      <Button variant="secondary" className="mt-3" onClick={store.reload}>
        {t('common.retry')}
      </Button>
    </Notice>
  ) : (
    <Spinner label={t('common.loading')} />
  );
}

export function SellerHome() {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const store = useSellerStore();

  if (!store.data) {
    return (
      <Container className="py-10">
        <StoreNotLoaded store={store} />
      </Container>
    );
  }

  const data = store.data;
  const name = localized(data.storeName, language);
  const describedEverywhere = ['en', 'es', 'ar', 'ms'].every((lng) => Boolean(data.description[lng]));
  const policiesWritten = Boolean(data.policies.shipping && data.policies.returns);

  return (
    <Container className="py-8 sm:py-10">
      <div className="mb-6">
        <h1 className="text-3xl font-semibold sm:text-4xl">{t('seller.home.greeting', { name })}</h1>
        <p className="mt-2 text-ink-muted">{t('seller.home.lead')}</p>
      </div>
      <StoreStatusNotice store={data} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card aria-labelledby="store-summary">
          <div className="flex flex-wrap items-start gap-4">
            <UploadImage path={data.logoImages.logoImageThumb} alt={t('seller.home.logo')} frameClassName="h-20 w-20 shrink-0" />
            <div className="min-w-0 flex-1">
              <h2 id="store-summary" className="text-xl font-semibold">
                {t('seller.home.summary')}
              </h2>
              <p className="mt-1 text-lg font-semibold text-moss-900">{name}</p>
              {!data.logoImages.logoImageThumb ? <p className="text-sm text-ink-muted">{t('seller.home.noLogo')}</p> : null}
            </div>
          </div>
          <dl className="mt-4 divide-y divide-sand-200 border-t border-sand-200">
            <Detail label={t('seller.status.label')}>
              <Badge tone={STATUS_TONE[data.status]} testId="store-status-badge">
                {t(`seller.status.${data.status}`)}
              </Badge>
            </Detail>
            <Detail label={t('seller.home.alias')}>
              <span dir="ltr">{data.storeAliasName}</span>
            </Detail>
            <Detail label={t('seller.home.location')}>{placeName(data.city, data.country, language)}</Detail>
            <Detail label={t('seller.home.createdAt')}>{formatDateLabel(data.createdAt, language)}</Detail>
          </dl>
          <ButtonLink to="/seller/store" className="mt-5">
            {t('seller.home.editStore')}
          </ButtonLink>
        </Card>
        <Card title={t('seller.home.nextSteps')}>
          <ul className="mt-3">
            <Step done={Boolean(data.logoImages.logoImageweb)} label={t('seller.home.stepLogo')} />
            <Step done={describedEverywhere} label={t('seller.home.stepDescription')} />
            <Step done={policiesWritten} label={t('seller.home.stepPolicies')} />
          </ul>
        </Card>
      </div>
    </Container>
  );
}
