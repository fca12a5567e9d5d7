import { VALIDATION_MESSAGES, ZResetPasswordRequestSchema } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, FormError } from '../../ui/Alert';
import { Button, ButtonLink } from '../../ui/Button';
import { describeFailure, useFormState, validateWith } from '../../ui/form';
import { forgetSession, isUserActive } from './account';
import { resetPassword } from './api';
import { AuthCard, TEXT_LINK } from './AuthCard';
import { AuthPasswordField, useAuthForm } from './auth-form';

/** A new password from the e-mailed link (/reset-password?token=…); the link works once. */
export function ResetPasswordPage() {
  const { t, language, hydrated, snackbar, navigate, params } = useAuthForm();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [linkInvalid, setLinkInvalid] = useState<string | null>(null);
  const form = useFormState({ password: '', confirmPassword: '' });
  const tokenLooksRight = token.length >= 20 && token.length <= 200;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const candidate = { token, password: form.values.password, confirmPassword: form.values.confirmPassword };
    const checked = validateWith(ZResetPasswordRequestSchema, candidate, language, t('form.checkField'));
    const errors = checked.ok ? {} : { ...checked.errors };
    if (!errors.confirmPassword && candidate.password && candidate.confirmPassword !== candidate.password) {
      errors.confirmPassword = VALIDATION_MESSAGES[language].PASSWORDS_DO_NOT_MATCH;
    }
    if (Object.keys(errors).length > 0) {
      form.showErrors(errors);
      return;
    }
    setBusy(true);
    try {
      await resetPassword(candidate);
      // The reset ended every session of the account, this browser's included.
      if (isUserActive()) forgetSession();
      snackbar(t('auth.reset.success'));
      void navigate('/login', { replace: true });
    } catch (error) {
      const failure = describeFailure(error, ['password', 'confirmPassword', 'token'], t('form.network'));
      if (failure.field === 'token') setLinkInvalid(failure.message);
      else form.showErrors({ [failure.field ?? 'form']: failure.message });
      snackbar(failure.message, { variant: 'error' });
      setBusy(false);
    }
  }

  if (!tokenLooksRight || linkInvalid) {
    return (
      <AuthCard title={t('auth.reset.title')} testId="reset-page">
        <Alert tone="error" testId="reset-link-invalid">
          {linkInvalid ?? t('auth.reset.missingToken')}
        </Alert>
        <ButtonLink to="/forgot-password" className="mt-6">
          {t('auth.reset.requestNew')}
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.reset.title')}
      lead={t('auth.reset.lead')}
      testId="reset-page"
      footer={
        <Link to="/login" className={TEXT_LINK}>
          {t('auth.forgot.back')}
        </Link>
      }
    >
      <form ref={form.formRef} method="post" noValidate onSubmit={submit} className="space-y-4">
        <AuthPasswordField label={t('auth.reset.password')} hint={t('auth.signup.passwordHint')} autoComplete="new-password" {...form.bind('password')} />
        <AuthPasswordField label={t('auth.reset.confirmPassword')} autoComplete="new-password" {...form.bind('confirmPassword')} />
        <FormError message={form.errors.form} />
        <Button type="submit" className="w-full" disabled={!hydrated || busy}>
          {busy ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
