import { VALIDATION_MESSAGES, zEmail, zPassword } from '@tessera/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Link, useNavigate } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { Container } from '../../../ui/Container';
import { useSnackbar } from '../../../ui/snackbar';
import { portalClient, PORTAL_HOME, type Portal } from '../clients';
import { errorField, errorText, type FieldErrors } from '../../../lib/errors';
import { Notice } from '../../../ui/bits';
import { PasswordField, TextField } from '../../../ui/fields';

function Panel({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <Container className="py-10 sm:py-16">
      <div className="mx-auto max-w-md rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-semibold">{title}</h1>
        {lead ? <p className="mt-2 text-ink-muted">{lead}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </Container>
  );
}

/** "Forgot your password?": the reset link goes to the portal's own reset page. */
export function ForgotPasswordForm({ portal }: { portal: Portal }) {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!zEmail().safeParse(email).success) {
      setError(VALIDATION_MESSAGES[language].ENTER_VALID_EMAIL);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await portalClient(portal).post('/v1/password/forgot', { email, portal: portal === 'admin' ? 'team' : 'seller' }, { auth: false });
      const message = t('auth.linkSent');
      setSent(message);
      snackbar(message);
    } catch (failure) {
      const message = errorText(failure, t);
      if (errorField(failure) === 'email') setError(message);
      snackbar(message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={t('auth.forgotTitle')} lead={t('auth.forgotLead')}>
      {sent ? (
        <Notice tone="approved" testId="link-sent" live>
          {sent}
        </Notice>
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate>
          <TextField
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t('auth.sending') : t('auth.sendLink')}
          </Button>
        </form>
      )}
      <p className="mt-5 text-sm">
        <Link to={PORTAL_HOME[portal]} className="font-semibold text-moss-800 underline underline-offset-4">
          {t('auth.backToLogin')}
        </Link>
      </p>
    </Panel>
  );
}

/**
 * A new password from an e-mailed link (?token=…): a seller's reset, or a team member's
 * invitation ("set your password", variant 'set').
 */
export function NewPasswordForm({ portal, token, variant }: { portal: Portal; token: string | null; variant: 'reset' | 'set' }) {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  const set = variant === 'set';
  const forgotPath = portal === 'seller' ? '/seller/forgot-password' : '/admin/set-password';

  if (!token) {
    return (
      <Panel title={set ? t('auth.setPasswordTitle') : t('auth.resetTitle')}>
        <Notice tone="rejected">{t('auth.missingToken')}</Notice>
        <p className="mt-5 text-sm">
          <Link to={forgotPath} className="font-semibold text-moss-800 underline underline-offset-4">
            {t('auth.askNewLink')}
          </Link>
        </p>
      </Panel>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const messages = VALIDATION_MESSAGES[language];
    const invalid: FieldErrors = {};
    if (!zPassword().safeParse(password).success) invalid.password = messages.PASSWORD_TOO_WEAK;
    if (password !== confirmPassword) invalid.confirmPassword = messages.PASSWORDS_DO_NOT_MATCH;
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setBusy(true);
    try {
      await portalClient(portal).post('/v1/password/reset', { token, password, confirmPassword }, { auth: false });
      snackbar(set ? t('auth.setPasswordDone') : t('auth.resetDone'));
      navigate(PORTAL_HOME[portal]);
    } catch (failure) {
      const message = errorText(failure, t);
      const field = errorField(failure);
      if (field === 'password' || field === 'confirmPassword') setErrors({ [field]: message });
      else setLinkError(message);
      snackbar(message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={set ? t('auth.setPasswordTitle') : t('auth.resetTitle')} lead={set ? t('auth.setPasswordLead') : t('auth.resetLead')}>
      {linkError ? (
        <div className="mb-5">
          <Notice tone="rejected">
            {linkError}{' '}
            <Link to={forgotPath} className="font-semibold text-moss-800 underline underline-offset-4">
              {t('auth.askNewLink')}
            </Link>
          </Notice>
        </div>
      ) : null}
      <form className="space-y-4" onSubmit={submit} noValidate data-testid="new-password">
        <PasswordField
          label={t('auth.newPassword')}
          name="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          error={errors.confirmPassword}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('common.saving') : set ? t('auth.setPasswordSubmit') : t('auth.resetSubmit')}
        </Button>
      </form>
    </Panel>
  );
}
