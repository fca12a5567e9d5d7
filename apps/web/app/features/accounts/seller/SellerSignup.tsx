import { VALIDATION_MESSAGES, ZSellerSignupRequestSchema, type TSessionResponse } from '@tessera/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Link, useNavigate } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { Container } from '../../../ui/Container';
import { useSnackbar } from '../../../ui/snackbar';
import { keepPortalSession, portalClient } from '../../portal-shell/clients';
import { COUNTRY_DIAL_CODES, countryOptions, DIAL_CODES } from '../../../ui/countries';
import { errorField, errorText, fieldErrorsFromIssues, type FieldErrors } from '../../../lib/errors';
import { usePortalSession } from '../../portal-shell/session';
import { Card } from '../../../ui/bits';
import { PasswordField, SelectField, TextField } from '../../../ui/fields';

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  countryCode: '+60',
  phone: '',
  password: '',
  confirmPassword: '',
  storeName: '',
  storeAliasName: '',
  country: '',
  city: '',
};
type Values = typeof EMPTY;

/** "Atelier Nurul" → "atelier-nurul": a suggestion for the alias until the seller types one. */
export function aliasFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

export function SellerSignup() {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [aliasTouched, setAliasTouched] = useState(false);
  const [codeTouched, setCodeTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const countries = useMemo(() => countryOptions(language), [language]);
  const messages = VALIDATION_MESSAGES[language];

  function change(name: keyof Values, value: string) {
    setValues((current) => {
      const next = { ...current, [name]: value };
      if (name === 'storeName' && !aliasTouched) next.storeAliasName = aliasFrom(value);
      if (name === 'country' && !codeTouched && COUNTRY_DIAL_CODES[value]) next.countryCode = COUNTRY_DIAL_CODES[value] ?? next.countryCode;
      return next;
    });
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  }

  const bind = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  function fallback(field: string): string {
    if (field === 'storeAliasName') return t('seller.signup.storeAliasInvalid');
    if (field === 'storeName') return t('seller.signup.storeNameInvalid');
    return messages.REQUIRED;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { ...values, language };
    const parsed = ZSellerSignupRequestSchema.safeParse(input);
    if (!parsed.success) {
      const found = fieldErrorsFromIssues(parsed.error.issues, language, fallback);
      // The schema compares the passwords only once every field is valid; say it at once.
      if (values.confirmPassword !== values.password && !found.confirmPassword) found.confirmPassword = messages.PASSWORDS_DO_NOT_MATCH;
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await portalClient('seller').post<TSessionResponse>('/v1/seller/signup', parsed.data, { auth: false });
      const user = keepPortalSession('seller', answer);
      session.signedInAs(user);
      snackbar(t('seller.signup.done'));
      navigate('/seller');
    } catch (error) {
      const message = errorText(error, t);
      const field = errorField(error);
      if (field && field in EMPTY) setErrors({ [field]: message });
      snackbar(message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-semibold sm:text-4xl">{t('seller.signup.title')}</h1>
        <p className="mt-2 text-ink-muted">{t('seller.signup.lead')}</p>
        <form className="mt-6 space-y-6" onSubmit={submit} noValidate data-testid="seller-signup">
          <Card title={t('seller.signup.about')}>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <TextField label={t('seller.signup.firstName')} autoComplete="given-name" {...bind('firstName')} />
              <TextField label={t('seller.signup.lastName')} autoComplete="family-name" {...bind('lastName')} />
              <TextField label={t('auth.email')} type="email" autoComplete="email" inputMode="email" className="sm:col-span-2" {...bind('email')} />
              <div className="grid grid-cols-[7.5rem_1fr] gap-3 sm:col-span-2">
                <SelectField
                  label={t('seller.signup.countryCode')}
                  autoComplete="tel-country-code"
                  // "+60" reads left to right in every language; the arrow stays at its end.
                  dir="ltr"
                  style={{ backgroundPosition: 'right 0.6rem center' }}
                  {...bind('countryCode')}
                  onChange={(event) => {
                    setCodeTouched(true);
                    change('countryCode', event.target.value);
                  }}
                >
                  {DIAL_CODES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </SelectField>
                <TextField label={t('seller.signup.phone')} type="tel" inputMode="tel" autoComplete="tel-national" dir="ltr" {...bind('phone')} />
              </div>
              <PasswordField label={t('auth.password')} autoComplete="new-password" hint={t('auth.passwordHint')} {...bind('password')} />
              <PasswordField label={t('auth.confirmPassword')} autoComplete="new-password" {...bind('confirmPassword')} />
            </div>
          </Card>
          <Card title={t('seller.signup.store')}>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <TextField label={t('seller.signup.storeName')} autoComplete="organization" {...bind('storeName')} />
              <TextField
                label={t('seller.signup.storeAlias')}
                hint={t('seller.signup.storeAliasHint')}
                autoCapitalize="none"
                spellCheck={false}
                dir="ltr"
                {...bind('storeAliasName')}
                onChange={(event) => {
                  setAliasTouched(true);
                  change('storeAliasName', event.target.value.toLowerCase());
                }}
              />
              <SelectField label={t('seller.signup.country')} autoComplete="country" {...bind('country')}>
                <option value="">{t('seller.signup.chooseCountry')}</option>
                {countries.map((country) => (
                  <option key={country.value} value={country.value} suppressHydrationWarning>
                    {country.label}
                  </option>
                ))}
              </SelectField>
              <TextField label={t('seller.signup.city')} autoComplete="address-level2" {...bind('city')} />
            </div>
          </Card>
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit" disabled={busy}>
              {busy ? t('seller.signup.submitting') : t('seller.signup.submit')}
            </Button>
            <p className="text-ink-muted">
              {t('seller.signup.haveAccount')}{' '}
              <Link to="/seller" className="font-semibold text-moss-800 underline underline-offset-4">
                {t('seller.signup.login')}
              </Link>
            </p>
          </div>
        </form>
      </div>
    </Container>
  );
}
