import { VALIDATION_MESSAGES, zEmail, zPhone, type TLoginRequest } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useHydrated, usePreferences } from '../../lib/preferences';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { dialCodeOptions, dialOf } from '../../ui/countries';
import { PasswordField, PhoneField, TextField } from '../../ui/Field';
import { describeFailure, useFormState, type FieldErrors } from '../../ui/form';
import { useSnackbar } from '../../ui/snackbar';
import { Tabs } from '../../ui/Tabs';
import { safeNext, useAccount } from './account';
import { logIn } from './api';
import { AuthCard, TEXT_LINK } from './AuthCard';

type Method = 'email' | 'mobile';
const FIELDS = ['email', 'phone', 'countryCode', 'password'] as const;

/** Log in by e-mail or by mobile number, with a password (issue #3 §1). */
export function LoginPage() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const hydrated = useHydrated();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const account = useAccount();
  const [method, setMethod] = useState<Method>('email');
  const [busy, setBusy] = useState(false);
  const form = useFormState({ email: '', region: 'MY', phone: '', password: '' });
  const { values } = form;

  function validate(): { input: TLoginRequest } | { errors: FieldErrors } {
    const errors: FieldErrors = {};
    const messages = VALIDATION_MESSAGES[language];
    if (!values.password) errors.password = messages.REQUIRED;
    if (method === 'email') {
      const email = zEmail().safeParse(values.email);
      if (!email.success) errors.email = messages.ENTER_VALID_EMAIL;
      else if (!errors.password) return { input: { email: email.data, password: values.password } };
    } else {
      const phone = zPhone().safeParse(values.phone);
      if (!phone.success) errors.phone = messages.ENTER_VALID_PHONE;
      else if (!errors.password) return { input: { countryCode: dialOf(values.region), phone: phone.data, password: values.password } };
    }
    return { errors };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validate();
    if ('errors' in checked) {
      form.showErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      const profile = await logIn(checked.input);
      snackbar(t('auth.login.welcome', { name: profile.firstName || profile.name }));
      void navigate(next, { replace: true });
    } catch (error) {
      const failure = describeFailure(error, FIELDS, t('form.network'));
      const field = failure.field === 'countryCode' ? 'phone' : failure.field;
      form.showErrors({ [field ?? 'form']: failure.message });
      snackbar(failure.message, { variant: 'error' });
      setBusy(false);
    }
  }

  const signedInName = account.signedIn ? account.profile?.firstName || account.profile?.name : undefined;

  return (
    <AuthCard
      title={t('auth.login.title')}
      lead={t('auth.login.lead')}
      testId="login-page"
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link to={params.get('next') ? `/signup?next=${encodeURIComponent(next)}` : '/signup'} className={TEXT_LINK}>
            {t('auth.login.signupLink')}
          </Link>
        </>
      }
    >
      {signedInName ? (
        <Alert tone="info" className="mb-5">
          {t('auth.login.alreadySignedIn', { name: signedInName })}{' '}
          <Link to="/profile" className={TEXT_LINK}>
            {t('auth.login.goToProfile')}
          </Link>
        </Alert>
      ) : null}
      <Tabs
        label={t('auth.login.methodLabel')}
        look="pills"
        selected={method}
        onSelect={(m) => {
          setMethod(m);
          form.setErrors({});
        }}
        items={[
          { key: 'email', label: t('auth.login.byEmail') },
          { key: 'mobile', label: t('auth.login.byMobile') },
        ]}
        panelClassName="mt-5"
      >
        <form ref={form.formRef} method="post" noValidate onSubmit={submit} className="space-y-4">
          {method === 'email' ? (
            <TextField label={t('auth.fields.email')} type="email" autoComplete="email" inputMode="email" ltr {...form.bind('email')} />
          ) : (
            <PhoneField
              label={t('auth.fields.phone')}
              codeLabel={t('auth.fields.countryCode')}
              codeName="countryCode"
              codeValue={values.region}
              codeOptions={dialCodeOptions(language)}
              onCodeChange={(region) => form.set('region', region)}
              {...form.bind('phone')}
            />
          )}
          <PasswordField
            label={t('auth.fields.password')}
            autoComplete="current-password"
            showLabel={t('form.showPassword')}
            hideLabel={t('form.hidePassword')}
            {...form.bind('password')}
          />
          <div className="flex justify-end">
            <Link to="/forgot-password" className="text-sm font-semibold text-moss-700 underline-offset-4 hover:underline">
              {t('auth.login.forgot')}
            </Link>
          </div>
          {form.errors.form ? (
            <Alert tone="error" testId="form-error">
              {form.errors.form}
            </Alert>
          ) : null}
          <Button type="submit" className="w-full" disabled={!hydrated || busy}>
            {busy ? t('auth.login.submitting') : t('auth.login.submit')}
          </Button>
        </form>
      </Tabs>
    </AuthCard>
  );
}
