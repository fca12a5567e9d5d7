import { VALIDATION_MESSAGES, ZResetPasswordRequestSchema } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useHydrated, usePreferences } from '../../lib/preferences';
import { Alert } from '../../ui/Alert';
import { Button, ButtonLink } from '../../ui/Button';
import { PasswordField } from '../../ui/Field';
import { describeFailure, useFormState, validateWith } from '../../ui/form';
import { useSnackbar } from '../../ui/snackbar';
import { forgetSession, isUserActive } from './account';
import { resetPassword } from './api';
import { AuthCard, TEXT_LINK } from './AuthCard';

/** A new password from the e-mailed link (/reset-password?token=…); the link works once. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const hydrated = useHydrated();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [params] = useSearchParams();
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
        <PasswordField
          label={t('auth.reset.password')}
          hint={t('auth.signup.passwordHint')}
          autoComplete="new-password"
          showLabel={t('form.showPassword')}
          hideLabel={t('form.hidePassword')}
          {...form.bind('password')}
        />
        <PasswordField
          label={t('auth.reset.confirmPassword')}
          autoComplete="new-password"
          showLabel={t('form.showPassword')}
          hideLabel={t('form.hidePassword')}
          {...form.bind('confirmPassword')}
        />
        {form.errors.form ? (
          <Alert tone="error" testId="form-error">
            {form.errors.form}
          </Alert>
        ) : null}
        <Button type="submit" className="w-full" disabled={!hydrated || busy}>
          {busy ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
