import {
  ERROR_MESSAGES,
  VALIDATION_MESSAGES,
  ZCompanyRegistrationFieldsSchema,
  uploadAccept,
  type TCompanyRegistrationFields,
  type TCompanySummary,
  type TProfile,
} from '@tessera/contracts';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useSearchParams } from 'react-router';
import { formatDateLabel, intlLocale } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CheckList, ChipsInput } from '../../ui/ChipsInput';
import { countryName, countryOptions } from '../../ui/countries';
import { ChoiceCards, TextAreaField, TextField } from '../../ui/Field';
import { DateField } from '../../ui/DateField';
import { FileField } from '../../ui/FileField';
import { describeFailure, useFormState, validateWith, type FieldErrors } from '../../ui/form';
import { BuildingIcon, FileIcon } from '../../ui/more-icons';
import { useSnackbar } from '../../ui/snackbar';
import { refreshAccount } from '../auth/account';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { AccountLayout, Panel } from '../profile/AccountLayout';
import { ApprovalBanner } from '../profile/ApprovalBanner';
import { useCompanyStatusLabel, useRoleLabel } from '../profile/labels';
import { registerCompany } from './api';

type CompanyRole = 'retailer' | 'distributor';

/** Retailer or distributor registration (seed §3), then its approval state. */
export function CompanyPage() {
  const { t } = useTranslation();
  const account = useBuyerAccount({ fresh: true });
  const profile = account.profile;
  // A rejected application can be corrected and sent again from here.
  const [correcting, setCorrecting] = useState(false);
  if (!profile) return <AccountLoading failed={account.failed} />;
  const company = profile.company;
  const showForm = !company || (company.status === 'rejected' && correcting);
  return (
    <AccountLayout title={t('company.title')} lead={company ? undefined : t('company.lead')} testId="company-page">
      {showForm ? (
        <CompanyForm profile={profile} previous={company?.status === 'rejected' ? company : null} onDone={() => setCorrecting(false)} onCancel={() => setCorrecting(false)} />
      ) : (
        <CompanyStatus profile={profile} onCorrect={() => setCorrecting(true)} />
      )}
    </AccountLayout>
  );
}

const TEXT_FIELDS = [
  'role',
  'companyName',
  'registrationNumber',
  'registrationExpiry',
  'headOfficeNumber',
  'officeNumber',
  'headquartersAddress',
  'website',
  'contactName',
  'contactMobile',
  'contactEmail',
] as const;
const ALL_FIELDS = [...TEXT_FIELDS, 'countries', 'cities', 'logo', 'document'] as const;

const THIS_YEAR = new Date().getFullYear();
/** A registration that has not expired: this year and the next thirty. */
const EXPIRY_YEARS = Array.from({ length: 31 }, (_, i) => THIS_YEAR + i);

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-3xl border border-sand-200 bg-white p-5 sm:p-7">
      <h2 id={id} className="mb-5 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The registration form; with `previous` (a rejected application) it starts from what was sent,
 * and the logo and document already on file are kept unless new ones are chosen.
 */
function CompanyForm({ profile, previous, onDone, onCancel }: { profile: TProfile; previous: TCompanySummary | null; onDone(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const [params] = useSearchParams();
  const asked = params.get('role');
  const initialRole = previous ? previous.role : asked === 'retailer' || asked === 'distributor' ? asked : profile.buyerRole === 'retailer' || profile.buyerRole === 'distributor' ? profile.buyerRole : '';
  const form = useFormState({
    role: initialRole as string,
    companyName: previous?.companyName ?? '',
    registrationNumber: previous?.registrationNumber ?? '',
    registrationExpiry: previous?.registrationExpiry ?? '',
    headOfficeNumber: previous?.headOfficeNumber ?? '',
    officeNumber: previous?.officeNumber ?? '',
    headquartersAddress: previous?.headquartersAddress ?? '',
    website: previous?.website ?? '',
    contactName: previous?.contactName ?? profile.name,
    contactMobile: previous?.contactMobile ?? (profile.phone ? `${profile.countryCode ?? ''} ${profile.phone}`.trim() : ''),
    contactEmail: previous?.contactEmail ?? profile.email ?? '',
  });
  const [countries, setCountries] = useState<string[]>(previous?.countries ?? []);
  const [cities, setCities] = useState<string[]>(previous?.cities ?? []);
  const [logo, setLogo] = useState<File | null>(null);
  const [document, setDocument] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const { values, errors } = form;
  const options = useMemo(() => countryOptions(language), [language]);
  const messages = VALIDATION_MESSAGES[language];

  function clearError(name: string) {
    form.setErrors((current) => {
      if (!current[name] && !current.form) return current;
      const { [name]: _removed, form: _form, ...rest } = current;
      return rest;
    });
  }

  /** Each file was checked when chosen (FileField's purpose); here only whether one is there. */
  function checkFiles(): FieldErrors {
    const found: FieldErrors = {};
    if (!logo && !previous) found.logo = messages.COMPANY_LOGO_INVALID;
    if (!document && !previous) found.document = messages.COMPANY_DOCUMENT_INVALID;
    return found;
  }

  /** A chosen file that failed its check: the seed's text for the field, then which file and why. */
  function fileProblem(name: 'logo' | 'document', message: string) {
    const seed = name === 'logo' ? messages.COMPANY_LOGO_INVALID : messages.COMPANY_DOCUMENT_INVALID;
    form.setErrors((current) => ({ ...current, [name]: `${seed}. ${message}` }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const candidate: Record<string, string> = {};
    for (const name of TEXT_FIELDS) {
      const value = values[name];
      if ((name === 'officeNumber' || name === 'website') && !value.trim()) continue;
      candidate[name] = value;
    }
    candidate.countries = JSON.stringify(countries);
    candidate.cities = JSON.stringify(cities);
    const checked = validateWith<TCompanyRegistrationFields>(ZCompanyRegistrationFieldsSchema, candidate, language, t('form.checkField'));
    const found: FieldErrors = { ...(checked.ok ? {} : checked.errors), ...checkFiles() };
    if (!found.registrationExpiry && values.registrationExpiry && values.registrationExpiry < today()) {
      found.registrationExpiry = ERROR_MESSAGES[language].REGISTRATION_EXPIRED;
    }
    if (!checked.ok || Object.keys(found).length > 0) {
      form.showErrors(found);
      return;
    }
    setBusy(true);
    try {
      await registerCompany({ fields: checked.data, logo, document });
      snackbar(previous ? t('company.resubmitted') : t('company.submitted'));
      onDone();
      window.scrollTo({ top: 0 });
    } catch (error) {
      const failure = describeFailure(error, ALL_FIELDS, t('form.network'));
      form.showErrors({ [failure.field ?? 'form']: failure.message });
      snackbar(failure.message, { variant: 'error' });
      // Registered meanwhile (another tab): show its state.
      if (error instanceof Error && 'code' in error && error.code === 'COMPANY_EXISTS') void refreshAccount();
      setBusy(false);
    }
  }

  return (
    <form ref={form.formRef} method="post" noValidate onSubmit={submit} className="space-y-6" data-testid="company-form">
      {previous ? (
        <Alert tone="info" title={t('company.correctTitle')} testId="company-correcting">
          {previous.rejectionReason ? (
            <span className="block font-semibold" dir="auto">
              {previous.rejectionReason}
            </span>
          ) : null}
          {t('company.correctLead')}
        </Alert>
      ) : null}
      <Section title={t('company.sections.role')}>
        <ChoiceCards<CompanyRole>
          legend={t('company.fields.role')}
          name="role"
          value={values.role as CompanyRole | ''}
          onChange={(role) => form.set('role', role)}
          error={errors.role}
          columns="sm:grid-cols-2"
          options={[
            { value: 'retailer', label: t('profile.roles.retailer'), hint: t('company.roleHints.retailer'), icon: <BuildingIcon width={18} height={18} /> },
            { value: 'distributor', label: t('profile.roles.distributor'), hint: t('company.roleHints.distributor'), icon: <BuildingIcon width={18} height={18} /> },
          ]}
        />
      </Section>

      <Section title={t('company.sections.company')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField className="sm:col-span-2" label={t('company.fields.companyName')} autoComplete="organization" {...form.bind('companyName')} />
          <TextField label={t('company.fields.registrationNumber')} hint={t('company.fields.registrationNumberHint')} ltr autoCapitalize="characters" {...form.bind('registrationNumber')} />
          <DateField
            label={t('company.fields.registrationExpiry')}
            hint={t('company.fields.registrationExpiryHint')}
            name="registrationExpiry"
            value={values.registrationExpiry}
            onChange={(value) => form.set('registrationExpiry', value)}
            error={errors.registrationExpiry}
            locale={intlLocale(language)}
            years={EXPIRY_YEARS}
            partLabels={{ day: t('form.day'), month: t('form.month'), year: t('form.year') }}
          />
        </div>
      </Section>

      <Section title={t('company.sections.documents')}>
        <div className="grid gap-5 md:grid-cols-2">
          <FileField
            label={t('company.fields.logo')}
            hint={t('company.fields.logoHint')}
            name="logo"
            accept={uploadAccept('company-logo')}
            purpose="company-logo"
            onProblem={(message) => fileProblem('logo', message)}
            currentText={previous ? t('company.keptFile') : undefined}
            file={logo}
            onChange={(file) => {
              setLogo(file);
              clearError('logo');
            }}
            error={errors.logo}
            chooseText={t('form.chooseFile')}
            changeText={t('form.changeFile')}
            noFileText={t('form.noFile')}
            previewAlt={t('company.fields.logoPreview')}
          />
          <FileField
            label={t('company.fields.document')}
            hint={t('company.fields.documentHint')}
            name="document"
            accept={uploadAccept('company-document')}
            purpose="company-document"
            onProblem={(message) => fileProblem('document', message)}
            currentText={previous ? t('company.keptFile') : undefined}
            file={document}
            onChange={(file) => {
              setDocument(file);
              clearError('document');
            }}
            error={errors.document}
            chooseText={t('form.chooseFile')}
            changeText={t('form.changeFile')}
            noFileText={t('form.noFile')}
            previewAlt={t('company.fields.documentPreview')}
          />
        </div>
      </Section>

      <Section title={t('company.sections.contactNumbers')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('company.fields.headOfficeNumber')} hint={t('company.fields.numberHint')} type="tel" autoComplete="tel" ltr {...form.bind('headOfficeNumber')} />
          <TextField label={t('company.fields.officeNumber')} hint={t('company.fields.numberHint')} optionalText={t('form.optional')} type="tel" ltr {...form.bind('officeNumber')} />
          <TextAreaField className="sm:col-span-2" label={t('company.fields.headquartersAddress')} autoComplete="street-address" rows={3} {...form.bind('headquartersAddress')} />
          <TextField
            className="sm:col-span-2"
            label={t('company.fields.website')}
            hint={t('company.fields.websiteHint')}
            optionalText={t('form.optional')}
            type="url"
            inputMode="url"
            autoComplete="url"
            ltr
            {...form.bind('website')}
          />
        </div>
      </Section>

      <Section title={t('company.sections.operations')}>
        <div className="grid gap-6 lg:grid-cols-2">
          <CheckList
            legend={t('company.fields.countries')}
            name="countries"
            options={options}
            values={countries}
            onChange={(next) => {
              setCountries(next);
              clearError('countries');
            }}
            error={errors.countries}
            filterLabel={t('company.fields.countriesFilter')}
            filterPlaceholder={t('company.fields.countriesFilter')}
            noMatchText={t('company.fields.noCountry')}
            selectedText={t('company.fields.countriesSelected', { n: countries.length })}
            removeLabel={(label) => t('company.fields.remove', { name: label })}
          />
          <ChipsInput
            label={t('company.fields.cities')}
            hint={t('company.fields.citiesHint')}
            name="cities"
            values={cities}
            onChange={(next) => {
              setCities(next);
              clearError('cities');
            }}
            error={errors.cities}
            addText={t('company.fields.addCity')}
            listLabel={t('company.fields.citiesChosen')}
            removeLabel={(city) => t('company.fields.remove', { name: city })}
          />
        </div>
      </Section>

      <Section title={t('company.sections.contact')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField className="sm:col-span-2" label={t('company.fields.contactName')} autoComplete="name" {...form.bind('contactName')} />
          <TextField label={t('company.fields.contactMobile')} hint={t('company.fields.numberHint')} type="tel" autoComplete="tel" ltr {...form.bind('contactMobile')} />
          <TextField label={t('company.fields.contactEmail')} type="email" autoComplete="email" ltr {...form.bind('contactEmail')} />
        </div>
      </Section>

      {Object.keys(errors).length > 0 ? (
        <Alert tone="error" testId="form-error">
          {errors.form ?? t('form.fixErrors')}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={busy} data-testid="company-submit">
          {busy ? t('company.submitting') : previous ? t('company.resubmit') : t('company.submit')}
        </Button>
        {previous ? (
          <Button variant="ghost" disabled={busy} onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        ) : null}
        <p className="text-sm text-ink-muted">{t('company.reviewNote')}</p>
      </div>
    </form>
  );
}

function CompanyStatus({ profile, onCorrect }: { profile: TProfile; onCorrect(): void }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const roleLabel = useRoleLabel();
  const statusLabel = useCompanyStatusLabel();
  const company = profile.company!;
  const list = new Intl.ListFormat(intlLocale(language), { type: 'unit', style: 'short' });
  const date = (iso: string) => new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const statusClass = {
    pending: 'bg-[#fdf6e7] text-ink border-ochre-400',
    approved: 'bg-moss-50 text-moss-900 border-moss-300',
    rejected: 'bg-clay-50 text-clay-700 border-clay-500',
  }[company.status];

  const rows: [string, ReactNode][] = [
    [t('company.fields.registrationNumber'), <span dir="ltr">{company.registrationNumber}</span>],
    [t('company.fields.registrationExpiry'), date(company.registrationExpiry)],
    [t('company.fields.headOfficeNumber'), <span dir="ltr">{company.headOfficeNumber}</span>],
    ...(company.officeNumber ? ([[t('company.fields.officeNumber'), <span dir="ltr">{company.officeNumber}</span>]] as [string, ReactNode][]) : []),
    [t('company.fields.headquartersAddress'), <span dir="auto">{company.headquartersAddress}</span>],
    ...(company.website
      ? ([[t('company.fields.website'), <a href={company.website} rel="noopener noreferrer nofollow" target="_blank" className="text-moss-700 underline" dir="ltr">{company.website}</a>]] as [string, ReactNode][])
      : []),
    [t('company.fields.countries'), list.format(company.countries.map((code) => countryName(code, language)))],
    [t('company.fields.cities'), <span dir="auto">{list.format(company.cities)}</span>],
    [
      t('company.sections.contact'),
      <>
        <span dir="auto">{company.contactName}</span>
        <br />
        <span dir="ltr">{company.contactMobile}</span>
        <br />
        <span dir="ltr">{company.contactEmail}</span>
      </>,
    ],
  ];

  return (
    <div className="space-y-6" data-testid="company-status" data-status={company.status}>
      <ApprovalBanner profile={profile} showLink={false} />
      {company.status === 'approved' ? (
        <Alert tone="success" title={t('company.approvedTitle')} testId="company-approved">
          {t('company.approvedBody', { role: roleLabel(company.role) })}
        </Alert>
      ) : null}
      <Panel>
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <img src={company.logoUrl} alt={t('company.fields.logoOf', { name: company.companyName })} className="h-20 w-20 shrink-0 rounded-2xl border border-sand-200 bg-sand-50 object-contain" />
          <div className="min-w-0 flex-1">
            <h2 className="text-2xl font-semibold rtl:text-right" dir="auto">
              {company.companyName}
            </h2>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-sand-100 px-3 py-1 text-sm font-semibold text-moss-800">{roleLabel(company.role)}</span>
              <span className={`rounded-full border px-3 py-1 text-sm font-semibold ${statusClass}`} data-testid="company-status-label">
                {statusLabel(company.status)}
              </span>
            </div>
            <p className="mt-3 text-sm text-ink-muted">
              {t('company.submittedOn', { date: formatDateLabel(company.createdAt, language) })}
              {company.reviewedAt ? ` · ${t('company.reviewedOn', { date: formatDateLabel(company.reviewedAt, language) })}` : ''}
            </p>
          </div>
        </div>
        <dl className="mt-6 grid gap-x-8 gap-y-4 border-t border-sand-200 pt-6 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="mt-0.5 break-words font-medium text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
          {company.status === 'rejected' ? (
            <Button onClick={onCorrect} data-testid="company-correct">
              {t('company.correct')}
            </Button>
          ) : null}
          <a href={company.documentUrl} className="inline-flex items-center gap-2 font-semibold text-moss-700 underline underline-offset-4" download>
            <FileIcon width={18} height={18} /> {t('company.documentLink')}
          </a>
        </div>
      </Panel>
    </div>
  );
}
