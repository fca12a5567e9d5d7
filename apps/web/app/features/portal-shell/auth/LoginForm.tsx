import { VALIDATION_MESSAGES, zEmail } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { Container } from '../../../ui/Container';
import { LockIcon } from '../../../ui/icons';
import { useSnackbar } from '../../../ui/snackbar';
import { portalLogin } from '../clients';
import { errorField, errorText, type FieldErrors } from '../../../lib/errors';
import { usePortalSession } from '../session';
import { PasswordField, TextField } from '../../../ui/fields';

/** The login form each portal shows in place of any of its pages while nobody is signed in. */
export function LoginForm() {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const seller = session.portal === 'seller';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid: FieldErrors = {};
    if (!zEmail().safeParse(email).success) invalid.email = VALIDATION_MESSAGES[language].ENTER_VALID_EMAIL;
    if (!password) invalid.password = VALIDATION_MESSAGES[language].REQUIRED;
    if (invalid.email || invalid.password) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await portalLogin(session.portal, { email, password });
      session.signedInAs(user);
      // The form goes away: focus moves to the page that replaces it.
      requestAnimationFrame(() => document.getElementById('main')?.focus());
      snackbar(t('auth.welcome', { name: user.firstName ?? user.name }));
    } catch (error) {
      const message = errorText(error, t);
      const field = errorField(error);
      if (field === 'email' || field === 'password') setErrors({ [field]: message });
      snackbar(message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container className="py-10 sm:py-16">
      <div className="mx-auto max-w-md">
        <div className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-moss-50 text-moss-700">
            <LockIcon width={22} height={22} />
          </span>
          <h1 className="mt-4 text-3xl font-semibold">{seller ? t('auth.sellerTitle') : t('auth.adminTitle')}</h1>
          <p className="mt-2 text-ink-muted">{seller ? t('auth.sellerLead') : t('auth.adminLead')}</p>
          <form className="mt-6 space-y-4" onSubmit={submit} noValidate data-testid="portal-login">
            <TextField
              label={t('auth.email')}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
            <PasswordField
              label={t('auth.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
            />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? t('auth.loggingIn') : t('auth.login')}
            </Button>
          </form>
          <p className="mt-5 text-sm">
            <Link
              to={seller ? '/seller/forgot-password' : '/admin/set-password'}
              className="font-semibold text-moss-800 underline underline-offset-4"
            >
              {t('auth.forgot')}
            </Link>
          </p>
        </div>
        {seller ? (
          <p className="mt-6 text-center text-ink-muted">
            {t('auth.newSeller')}{' '}
            <Link to="/seller/signup" className="font-semibold text-moss-800 underline underline-offset-4">
              {t('auth.openSellerAccount')}
            </Link>
          </p>
        ) : null}
      </div>
    </Container>
  );
}
