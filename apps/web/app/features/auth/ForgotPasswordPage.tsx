import { VALIDATION_MESSAGES, zEmail } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHydrated, usePreferences } from '../../lib/preferences';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { describeFailure, useFormState } from '../../ui/form';
import { useSnackbar } from '../../ui/snackbar';
import { requestPasswordReset } from './api';
import { AuthCard, TEXT_LINK } from './AuthCard';

/** Asks for a reset link by e-mail. The answer is the same whether or not the e-mail has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const hydrated = useHydrated();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFormState({ email: '' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const email = zEmail().safeParse(form.values.email);
    if (!email.success) {
      form.showErrors({ email: VALIDATION_MESSAGES[language].ENTER_VALID_EMAIL });
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(email.data);
      setSentTo(email.data);
    } catch (error) {
      const failure = describeFailure(error, ['email'], t('form.network'));
      form.showErrors({ [failure.field ?? 'form']: failure.message });
      snackbar(failure.message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      lead={sentTo ? undefined : t('auth.forgot.lead')}
      testId="forgot-page"
      footer={
        <Link to="/login" className={TEXT_LINK}>
          {t('auth.forgot.back')}
        </Link>
      }
    >
      {sentTo ? (
        <Alert tone="success" title={t('auth.forgot.sentTitle')} live testId="reset-sent">
          {t('auth.forgot.sentBody', { email: sentTo })}
        </Alert>
      ) : (
        <form ref={form.formRef} method="post" noValidate onSubmit={submit} className="space-y-4">
          <TextField label={t('auth.fields.email')} type="email" autoComplete="email" inputMode="email" ltr {...form.bind('email')} />
          {form.errors.form ? (
            <Alert tone="error" testId="form-error">
              {form.errors.form}
            </Alert>
          ) : null}
          <Button type="submit" className="w-full" disabled={!hydrated || busy}>
            {busy ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
