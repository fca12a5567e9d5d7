import { VALIDATION_MESSAGES, zEmail } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, FormError } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { useFormState } from '../../ui/form';
import { requestPasswordReset } from './api';
import { AuthCard, TEXT_LINK } from './AuthCard';
import { showFailure, useAuthForm } from './auth-form';

/** Asks for a reset link by e-mail. The answer is the same whether or not the e-mail has an account. */
export function ForgotPasswordPage() {
  const { t, language, hydrated, snackbar } = useAuthForm();
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
      showFailure(error, ['email'], form, snackbar, t('form.network'));
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
          <FormError message={form.errors.form} />
          <Button type="submit" className="w-full" disabled={!hydrated || busy}>
            {busy ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
