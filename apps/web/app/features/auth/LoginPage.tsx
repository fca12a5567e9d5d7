import { VALIDATION_MESSAGES, zEmail, zPhone, type TLoginRequest } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, FormError } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { dialOf } from '../../ui/countries';
import { TextField } from '../../ui/Field';
import { useFormState, type FieldErrors } from '../../ui/form';
import { Tabs } from '../../ui/Tabs';
import { safeNext, useAccount } from './account';
import { logIn } from './api';
import { AuthCard, TEXT_LINK } from './AuthCard';
import { AuthPasswordField, BuyerPhoneField, showFailure, useAuthForm } from './auth-form';

type Method = 'email' | 'mobile';
const FIELDS = ['email', 'phone', 'countryCode', 'password'] as const;

/** Log in by e-mail or by mobile number, with a password (issue #3 §1). */
export function LoginPage() {
  const { t, language, hydrated, snackbar, navigate, params } = useAuthForm();
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
      showFailure(error, FIELDS, form, snackbar, t('form.network'));
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
            <BuyerPhoneField
              label={t('auth.fields.phone')}
              region={values.region}
              onRegionChange={(region) => form.set('region', region)}
              {...form.bind('phone')}
            />
          )}
          <AuthPasswordField label={t('auth.fields.password')} autoComplete="current-password" {...form.bind('password')} />
          <div className="flex justify-end">
            <Link to="/forgot-password" className="text-sm font-semibold text-moss-700 underline-offset-4 hover:underline">
              {t('auth.login.forgot')}
            </Link>
          </div>
          <FormError message={form.errors.form} />
          <Button type="submit" className="w-full" disabled={!hydrated || busy}>
            {busy ? t('auth.login.submitting') : t('auth.login.submit')}
          </Button>
        </form>
      </Tabs>
    </AuthCard>
  );
}
