import { useTranslation } from '../../../lib/i18n/react';
import { Link } from 'react-router';
import { Container } from '../../../ui/Container';
import { LockIcon } from '../../../ui/icons';
import { useSnackbar } from '../../../ui/snackbar';
import { usePortalSession } from '../session';
import { EmailPasswordForm } from './EmailPasswordForm';

/** The login form each portal shows in place of any of its pages while nobody is signed in. */
export function LoginForm() {
  const { t } = useTranslation('portal');
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const seller = session.portal === 'seller';

  return (
    <Container className="py-10 sm:py-16">
      <div className="mx-auto max-w-md">
        <div className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-moss-50 text-moss-700">
            <LockIcon width={22} height={22} />
          </span>
          <h1 className="mt-4 text-3xl font-semibold">{seller ? t('auth.sellerTitle') : t('auth.adminTitle')}</h1>
          <p className="mt-2 text-ink-muted">{seller ? t('auth.sellerLead') : t('auth.adminLead')}</p>
          <EmailPasswordForm
            testId="portal-login"
            texts={{ email: t('auth.email'), password: t('auth.password'), submit: t('auth.login'), submitting: t('auth.loggingIn') }}
            errorsBesideFields
            onSignedIn={(user) => {
              // The form goes away: focus moves to the page that replaces it.
              requestAnimationFrame(() => document.getElementById('main')?.focus());
              snackbar(t('auth.welcome', { name: user.firstName ?? user.name }));
            }}
          />
          <p className="mt-5 text-sm">
            <Link to={seller ? '/seller/forgot-password' : '/admin/set-password'} className="font-semibold text-moss-800 underline underline-offset-4">
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
