import { VALIDATION_MESSAGES, zEmail, type TProfile } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { errorField, errorText, type FieldErrors } from '../../../lib/errors';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { PasswordField, TextField } from '../../../ui/fields';
import { useSnackbar } from '../../../ui/snackbar';
import { portalLogin } from '../clients';
import { usePortalSession } from '../session';

export interface EmailPasswordTexts {
  email: string;
  password: string;
  submit: string;
  submitting: string;
}

/**
 * The e-mail and password login of a portal session (the seller portal, the admin console, the driver page):
 * checked here first, then sent to the session's portal; a failure shows in a snackbar and, with
 * `errorsBesideFields`, beside the field the server names.
 */
export function EmailPasswordForm({
  texts,
  testId,
  submitTestId,
  errorsBesideFields = false,
  onSignedIn,
}: {
  texts: EmailPasswordTexts;
  testId: string;
  submitTestId?: string;
  errorsBesideFields?: boolean;
  onSignedIn?(user: TProfile): void;
}) {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid: FieldErrors = {};
    if (!zEmail().safeParse(email).success) invalid.email = VALIDATION_MESSAGES[language].ENTER_VALID_EMAIL;
    if (!password) invalid.password = VALIDATION_MESSAGES[language].REQUIRED;
    setErrors(invalid);
    if (invalid.email || invalid.password) return;
    setBusy(true);
    try {
      const user = await portalLogin(session.portal, { email, password });
      session.signedInAs(user);
      onSignedIn?.(user);
    } catch (error) {
      const message = errorText(error, t);
      const field = errorField(error);
      if (errorsBesideFields && (field === 'email' || field === 'password')) setErrors({ [field]: message });
      snackbar(message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mt-6 space-y-4" onSubmit={submit} noValidate data-testid={testId}>
      <TextField
        label={texts.email}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <PasswordField
        label={texts.password}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <Button type="submit" className="w-full" disabled={busy} data-testid={submitTestId}>
        {busy ? texts.submitting : texts.submit}
      </Button>
    </form>
  );
}
