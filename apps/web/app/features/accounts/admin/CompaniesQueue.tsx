import type { TCompanyApplication } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { formatDateLabel, formatTime } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { useSnackbar } from '../../../ui/snackbar';
import { countryName, joinList } from '../../../ui/countries';
import type { PortalTranslation } from '../../portal-shell/i18n';
import { usePortalSession } from '../../portal-shell/session';
import { Badge, Detail, Notice, PageTitle } from '../../../ui/bits';
import { UploadImage, useUpload } from '../../portal-shell/blob';
import { QueueView, ReviewActions, useQueue, useQueueStatus, type Page } from './review';

export const COMPANIES_PATH = '/v1/admin/companies';

/** The commercial registration: an image shown inline, a PDF opened in a new tab from a blob URL. */
function CompanyDocument({ company }: { company: TCompanyApplication }) {
  const { t } = useTranslation('portal');
  const snackbar = useSnackbar();
  const { file, error, loading } = useUpload(company.documentUrl);
  const [blocked, setBlocked] = useState(false);
  const name = company.companyName;
  const fileName = `${company.registrationNumber}${file?.type === 'application/pdf' ? '.pdf' : ''}`;

  if (error) return <p className="text-sm text-clay-700">{t('admin.companies.fileError')}</p>;
  if (loading || !file) {
    return <span aria-hidden="true" className="inline-block h-5 w-5 animate-spin rounded-full border-2 border-moss-300 border-t-moss-700" />;
  }
  if (file.type.startsWith('image/')) {
    return (
      <a href={file.url} target="_blank" rel="noopener" className="block max-w-sm overflow-hidden rounded-xl border border-sand-200 bg-sand-100">
        <img
          src={file.url}
          alt={t('admin.companies.documentAlt', { name })}
          className="max-h-72 w-full object-contain"
          data-testid="company-document-image"
        />
      </a>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="company-document-pdf">
      <span className="inline-flex items-center gap-2 rounded-lg border border-sand-200 bg-sand-50 px-3 py-2 text-sm">
        <span aria-hidden="true" className="rounded bg-clay-700 px-1.5 py-0.5 text-[0.65rem] font-bold text-white">
          PDF
        </span>
        {t('admin.companies.pdf')}
      </span>
      <Button
        variant="secondary"
        className="px-4 py-2 text-sm"
        onClick={() => {
          const tab = window.open(file.url, '_blank');
          if (tab) {
            tab.opener = null;
            setBlocked(false);
          } else {
            setBlocked(true);
            snackbar(t('admin.companies.popupBlocked'), { variant: 'error' });
          }
        }}
        data-testid="open-document"
      >
        {t('admin.companies.openDocument')}
      </Button>
      <a href={file.url} download={fileName} className="text-sm font-semibold text-moss-800 underline underline-offset-4">
        {t('admin.companies.download')}
      </a>
      {blocked ? (
        <p className="w-full text-sm text-clay-700" role="alert">
          {t('admin.companies.popupBlocked')}
        </p>
      ) : null}
    </div>
  );
}

function CompanyCard({ company, onReviewed }: { company: TCompanyApplication; onReviewed(id: string): void }) {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const none = t('admin.companies.none');
  const f = (key: keyof PortalTranslation['admin']['companies']['fields']) => t(`admin.companies.fields.${key}`);
  const tone = company.status === 'approved' ? 'approved' : company.status === 'rejected' ? 'rejected' : 'pending';
  const titleId = `company-${company.id}`;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="company-card"
      data-company={company.companyName}
      className="rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-start gap-4">
        <UploadImage
          path={company.logoUrl}
          alt={t('admin.companies.logoAlt', { name: company.companyName })}
          frameClassName="h-20 w-20 shrink-0"
          testId="company-logo"
        />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-xl font-semibold">
            {company.companyName}
          </h2>
          <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <Badge tone="neutral">{t(`admin.companies.types.${company.role}`)}</Badge>
            <Badge tone={tone}>{t(`admin.queue.${company.status}`)}</Badge>
            <span>
              {t('admin.queue.submitted', { date: `${formatDateLabel(company.createdAt, language)} ${formatTime(company.createdAt, language)}` })}
            </span>
          </div>
        </div>
      </header>

      {company.status === 'rejected' && company.rejectionReason ? (
        <div className="mt-4">
          <Notice tone="rejected" title={t('admin.queue.rejectionReason')}>
            <p className="whitespace-pre-line" dir="auto">
              {company.rejectionReason}
            </p>
          </Notice>
        </div>
      ) : null}

      <div className="mt-4 grid gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <dl className="divide-y divide-sand-200 border-y border-sand-200">
          <Detail label={f('role')}>{t(`admin.companies.types.${company.role}`)}</Detail>
          <Detail label={f('companyName')}>{company.companyName}</Detail>
          <Detail label={f('registrationNumber')}>
            <span dir="ltr">{company.registrationNumber}</span>
          </Detail>
          <Detail label={f('registrationExpiry')}>
            <span dir="ltr">{company.registrationExpiry}</span>
          </Detail>
          <Detail label={f('headOfficeNumber')}>
            <span dir="ltr">{company.headOfficeNumber}</span>
          </Detail>
          <Detail label={f('officeNumber')}>{company.officeNumber ? <span dir="ltr">{company.officeNumber}</span> : none}</Detail>
          <Detail label={f('headquartersAddress')}>
            <bdi>{company.headquartersAddress}</bdi>
          </Detail>
          <Detail label={f('website')}>
            {company.website ? (
              <a href={company.website} target="_blank" rel="noopener noreferrer" dir="ltr" className="text-moss-800 underline underline-offset-4">
                {company.website}
              </a>
            ) : (
              none
            )}
          </Detail>
          <Detail label={f('countries')}>
            {joinList(
              company.countries.map((code) => countryName(code, language)),
              language,
            )}
          </Detail>
          <Detail label={f('cities')}>{joinList(company.cities, language)}</Detail>
          <Detail label={f('contactName')}>{company.contactName}</Detail>
          <Detail label={f('contactMobile')}>
            <span dir="ltr">{company.contactMobile}</span>
          </Detail>
          <Detail label={f('contactEmail')}>
            <a href={`mailto:${company.contactEmail}`} className="text-moss-800 underline underline-offset-4">
              {company.contactEmail}
            </a>
          </Detail>
          <Detail label={f('applicant')}>
            <span className="block">{company.applicant.name}</span>
            {company.applicant.email ? <span className="block break-all text-ink-muted">{company.applicant.email}</span> : null}
            {company.applicant.phone ? (
              <span className="block text-ink-muted">
                <span dir="ltr">{company.applicant.phone}</span>
              </span>
            ) : null}
          </Detail>
        </dl>
        <div>
          <section>
            <h3 className="mb-2 font-sans text-sm font-semibold text-ink-muted">{t('admin.companies.document')}</h3>
            <CompanyDocument company={company} />
          </section>
        </div>
      </div>

      {company.status === 'pending' ? (
        <div className="mt-5">
          <ReviewActions
            name={company.companyName}
            onStale={() => onReviewed(company.id)}
            onDecision={async (decision) => {
              await session.client().post(`${COMPANIES_PATH}/${company.id}/review`, decision);
              snackbar(t(decision.decision === 'approve' ? 'admin.companies.approved' : 'admin.companies.rejected', { name: company.companyName }));
              onReviewed(company.id);
            }}
          />
        </div>
      ) : null}
    </article>
  );
}

export function CompaniesQueue({ first }: { first: Page<TCompanyApplication> }) {
  const { t } = useTranslation('portal');
  const [status, setStatus] = useQueueStatus();
  const queue = useQueue<TCompanyApplication>(COMPANIES_PATH, status, first);
  return (
    <div>
      <PageTitle title={t('admin.companies.title')} lead={t('admin.companies.lead')} />
      <QueueView
        queue={queue}
        status={status}
        onStatus={setStatus}
        testId="company-queue"
        renderItem={(company) => <CompanyCard company={company} onReviewed={queue.remove} />}
      />
    </div>
  );
}
