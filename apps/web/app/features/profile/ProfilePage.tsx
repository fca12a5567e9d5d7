import {
  INSTITUTION_TYPES,
  LANGUAGES,
  ZInstitutionBuyerSchema,
  ZProfileUpdateSchema,
  type TInstitutionBuyer,
  type TProfile,
  type TProfileUpdate,
} from '@tessera/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { FormError } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { dialOf, regionOfDial } from '../../ui/countries';
import { FieldError, SelectField, TextField } from '../../ui/Field';
import { describeFailure, useFormState, validateWith } from '../../ui/form';
import { CheckIcon } from '../../ui/icons';
import { CameraIcon, PhoneIcon } from '../../ui/more-icons';
import { useSnackbar } from '../../ui/snackbar';
import { useAppConfig } from '../config/AppConfigProvider';
import { AccountLoading } from '../auth/AccountLoading';
import { BuyerPhoneField } from '../auth/auth-form';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { AccountLayout, Panel } from './AccountLayout';
import { saveInstitution, updateProfile, uploadProfilePicture } from './api';
import { ApprovalBanner } from './ApprovalBanner';
import { useRoleLabel } from './labels';

const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** The buyer's profile: picture, personal details, approval state and the institution variant. */
export function ProfilePage() {
  const { t } = useTranslation();
  const account = useBuyerAccount({ fresh: true });
  const profile = account.profile;
  if (!profile) return <AccountLoading failed={account.failed} />;
  return (
    <AccountLayout title={t('profile.title')} testId="profile-page">
      <div className="space-y-6">
        <ApprovalBanner profile={profile} />
        <ProfileSummary profile={profile} />
        <PersonalDetails key={profile.id} profile={profile} />
        {profile.company ? null : <InstitutionPanel profile={profile} />}
      </div>
    </AccountLayout>
  );
}

function initials(profile: TProfile): string {
  const letters = [profile.firstName, profile.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return letters.toLocaleUpperCase() || '·';
}

function ProfileSummary({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const roleLabel = useRoleLabel();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (file.size > PICTURE_MAX_BYTES) {
      setError(t('form.fileTooLarge', { size: '5 MB' }));
      return;
    }
    setBusy(true);
    try {
      await uploadProfilePicture(file);
      snackbar(t('profile.picture.updated'));
    } catch (failure) {
      const { message } = describeFailure(failure, ['picture'], t('form.network'));
      setError(message);
      snackbar(message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await updateProfile({ profilePic: null });
      snackbar(t('profile.picture.removed'));
    } catch (failure) {
      snackbar(describeFailure(failure, [], t('form.network')).message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="relative h-24 w-24 shrink-0">
          {profile.profilePic ? (
            <img
              src={profile.profilePic}
              alt={t('profile.picture.alt', { name: profile.name })}
              className="h-24 w-24 rounded-full border border-sand-200 object-cover"
              data-testid="profile-picture"
            />
          ) : (
            <span className="flex h-24 w-24 items-center justify-center rounded-full bg-moss-100 font-serif text-3xl font-semibold text-moss-800" aria-hidden="true">
              {initials(profile)}
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-2xl font-semibold text-moss-900 rtl:text-right" dir="auto" data-testid="profile-name">
            {profile.name}
          </p>
          <p className="mt-0.5 truncate text-ink-muted rtl:text-right" dir="ltr">
            {profile.email}
          </p>
          <p className="mt-2 inline-flex rounded-full bg-sand-100 px-3 py-1 text-sm font-semibold text-moss-800" data-testid="profile-role">
            {roleLabel(profile.buyerRole)}
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <input
              id={inputId}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              className="peer sr-only"
              name="picture"
              aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
              aria-invalid={error ? true : undefined}
              disabled={busy}
              onChange={(event) => {
                void upload(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <label
              htmlFor={inputId}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-moss-700 px-4 py-1.5 text-sm font-semibold text-moss-800 hover:bg-moss-50 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-clay-600 peer-disabled:opacity-60"
            >
              <CameraIcon width={18} height={18} />
              {busy ? t('profile.picture.uploading') : profile.profilePic ? t('profile.picture.change') : t('profile.picture.upload')}
            </label>
            {profile.profilePic ? (
              <Button variant="ghost" className="px-3 py-1.5 text-sm" onClick={() => void remove()} disabled={busy}>
                {t('profile.picture.remove')}
              </Button>
            ) : null}
          </div>
          <p id={`${inputId}-hint`} className="mt-1.5 text-sm text-ink-muted">
            {t('profile.picture.hint')}
          </p>
          {error ? <FieldError id={`${inputId}-error`} message={error} name="picture" /> : null}
        </div>
      </div>
    </Panel>
  );
}

const DETAIL_FIELDS = ['firstName', 'lastName', 'email', 'countryCode', 'phone', 'language', 'currency'] as const;

function PersonalDetails({ profile }: { profile: TProfile }) {
  const { t, i18n } = useTranslation();
  const { language, setLanguage, setCurrency } = usePreferences();
  const config = useAppConfig();
  const snackbar = useSnackbar();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const form = useFormState({
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    email: profile.email ?? '',
    region: regionOfDial(profile.countryCode),
    phone: profile.phone ?? '',
    language: profile.language,
    currency: profile.currency ?? config.defaultCurrency,
  });
  const { values } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const all = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      countryCode: dialOf(values.region),
      phone: values.phone,
      language: values.language,
      currency: values.currency,
    };
    const checked = validateWith<TProfileUpdate>(ZProfileUpdateSchema, all, language, t('form.checkField'));
    if (!checked.ok) {
      const errors = { ...checked.errors };
      if (errors.countryCode && !errors.phone) errors.phone = errors.countryCode;
      form.showErrors(errors);
      return;
    }
    // Only what changed: an unchanged number keeps its verification.
    const before: Record<string, unknown> = { ...profile, currency: profile.currency ?? config.defaultCurrency };
    const changes = Object.fromEntries(Object.entries(checked.data).filter(([key, value]) => before[key] !== value)) as TProfileUpdate;
    if (Object.keys(changes).length === 0) {
      snackbar(t('profile.details.unchanged'), { variant: 'info' });
      return;
    }
    setBusy(true);
    try {
      const saved = await updateProfile(changes);
      const newLanguage = changes.language && changes.language !== language ? changes.language : undefined;
      // The new language's texts first (as the language select does), so the page switches in one step
      // and the confirmation is already in it; offline, the page switches when they arrive.
      const ready = newLanguage ? await i18n.loadLanguage(newLanguage).then(() => true, () => false) : false;
      snackbar(t('profile.details.saved', ready ? { lng: newLanguage } : undefined));
      if (newLanguage) setLanguage(newLanguage);
      const currency = config.currencies.find((c) => c.code === changes.currency);
      if (currency) setCurrency(currency);
      form.setValues((current) => ({ ...current, phone: saved.phone ?? current.phone }));
    } catch (error) {
      const failure = describeFailure(error, DETAIL_FIELDS, t('form.network'));
      const field = failure.field === 'countryCode' ? 'phone' : failure.field;
      form.showErrors({ [field ?? 'form']: failure.message });
      snackbar(failure.message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={t('profile.details.title')} id={headingId}>
      <form ref={form.formRef} method="post" noValidate onSubmit={submit} className="space-y-4" data-testid="profile-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('auth.fields.firstName')} autoComplete="given-name" {...form.bind('firstName')} />
          <TextField label={t('auth.fields.lastName')} autoComplete="family-name" {...form.bind('lastName')} />
        </div>
        <TextField label={t('auth.fields.email')} type="email" autoComplete="email" ltr {...form.bind('email')} />
        <div>
          <BuyerPhoneField
            label={t('auth.fields.phone')}
            hint={t('profile.details.phoneHint')}
            region={values.region}
            onRegionChange={(region) => form.set('region', region)}
            current={profile.countryCode ?? undefined}
            {...form.bind('phone')}
          />
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm" data-testid="phone-status">
            {profile.phoneVerified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-moss-50 px-2.5 py-0.5 font-semibold text-moss-800">
                <CheckIcon width={16} height={16} /> {t('profile.details.verified')}
              </span>
            ) : (
              <>
                <span className="inline-flex items-center gap-1 rounded-full bg-[#fdf6e7] px-2.5 py-0.5 font-semibold text-ink">
                  <PhoneIcon width={16} height={16} /> {t('profile.details.notVerified')}
                </span>
                <Link to="/verify-mobile?next=/profile" className="font-semibold text-moss-700 underline underline-offset-4">
                  {t('profile.details.verifyNow')}
                </Link>
              </>
            )}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('profile.details.language')} {...form.bind('language')}>
            {LANGUAGES.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {LANGUAGE_NAMES[lng]}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('profile.details.currency')} {...form.bind('currency')}>
            {config.currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} · {c.symbol}
              </option>
            ))}
          </SelectField>
        </div>
        <FormError message={form.errors.form} />
        <Button type="submit" disabled={busy}>
          {busy ? t('form.saving') : t('profile.details.save')}
        </Button>
      </form>
    </Panel>
  );
}

const INSTITUTION_FIELDS = ['institutionName', 'institutionType', 'taxId', 'department'] as const;

function InstitutionPanel({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const form = useFormState({
    institutionName: profile.institution?.institutionName ?? '',
    institutionType: (profile.institution?.institutionType ?? '') as string,
    taxId: profile.institution?.taxId ?? '',
    department: profile.institution?.department ?? '',
  });
  const typeLabels: Record<(typeof INSTITUTION_TYPES)[number], string> = {
    school: t('profile.institution.types.school'),
    university: t('profile.institution.types.university'),
    hospital: t('profile.institution.types.hospital'),
    hotel: t('profile.institution.types.hotel'),
    government: t('profile.institution.types.government'),
    'non-profit': t('profile.institution.types.nonProfit'),
    other: t('profile.institution.types.other'),
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { values } = form;
    const candidate = {
      institutionName: values.institutionName,
      institutionType: values.institutionType,
      ...(values.taxId.trim() ? { taxId: values.taxId } : {}),
      ...(values.department.trim() ? { department: values.department } : {}),
    };
    const checked = validateWith<TInstitutionBuyer>(ZInstitutionBuyerSchema, candidate, language, t('form.checkField'));
    if (!checked.ok) {
      form.showErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      await saveInstitution(checked.data);
      snackbar(t('profile.institution.saved'));
    } catch (error) {
      const failure = describeFailure(error, INSTITUTION_FIELDS, t('form.network'));
      form.showErrors({ [failure.field ?? 'form']: failure.message });
      snackbar(failure.message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={t('profile.institution.title')} id={headingId}>
      <p className="-mt-2 mb-5 text-ink-muted">{t('profile.institution.lead')}</p>
      <form ref={form.formRef} method="post" noValidate onSubmit={submit} className="space-y-4" data-testid="institution-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('profile.institution.name')} autoComplete="organization" {...form.bind('institutionName')} />
          <SelectField label={t('profile.institution.type')} {...form.bind('institutionType')}>
            <option value="" disabled>
              {t('profile.institution.chooseType')}
            </option>
            {INSTITUTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
          </SelectField>
          <TextField label={t('profile.institution.taxId')} optionalText={t('form.optional')} ltr {...form.bind('taxId')} />
          <TextField label={t('profile.institution.department')} optionalText={t('form.optional')} {...form.bind('department')} />
        </div>
        <FormError message={form.errors.form} />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? t('form.saving') : t('profile.institution.save')}
        </Button>
      </form>
    </Panel>
  );
}
