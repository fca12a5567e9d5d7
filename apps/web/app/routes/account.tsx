import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n/react';
import { useNavigate } from 'react-router';
import type { Route } from './+types/account';
import { useCurrency } from '../features/config/AppConfigProvider';
import { logOut, useAccount } from '../features/auth/account';
import { readSession, type SessionInfo } from '../features/session/session';
import { api } from '../lib/api';
import { LANGUAGE_NAMES } from '../lib/i18n';
import { usePreferences } from '../lib/preferences';
import { pageMeta } from '../lib/seo';
import { Button, ButtonLink } from '../ui/Button';
import { Container } from '../ui/Container';
import { UserIcon } from '../ui/icons';
import { useSnackbar } from '../ui/snackbar';

export const meta: Route.MetaFunction = (args) => pageMeta(args, (t) => ({ title: t('account.title'), noIndex: true }));

/** What this browser's session holds, the visitor's preferences, and the seed's logout. */
export default function Account() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const currency = useCurrency();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const account = useAccount();
  const [session, setSession] = useState<SessionInfo | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    const update = () => {
      if (current) setSession(readSession());
    };
    // Joins the token queue: a first visit starts its guest session here.
    api().getAccessToken().then(update, update);
    return () => {
      current = false;
    };
  }, []);

  async function endSession() {
    setBusy(true);
    await logOut();
    setBusy(false);
    snackbar(t('account.ended'));
    navigate('/');
  }

  return (
    <Container className="py-12 sm:py-16">
      <h1 className="text-4xl font-semibold">{t('account.title')}</h1>
      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section className="rounded-3xl border border-sand-200 bg-white p-6 sm:p-8" aria-labelledby="session-title">
          <div className="flex items-start gap-4">
            <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-moss-50 text-moss-700">
              <UserIcon width={26} height={26} />
            </span>
            <div>
              <h2 id="session-title" className="text-2xl font-semibold" data-testid="account-status">
                {session?.userActive ? t('account.member') : t('account.guest')}
              </h2>
              {session?.userActive ? (
                account.profile ? (
                  <p className="mt-2 text-ink-muted" dir="auto">
                    {t('account.signedInAs', { name: account.profile.name })}
                  </p>
                ) : null
              ) : (
                <p className="mt-2 text-ink-muted">{t('account.guestBody')}</p>
              )}
            </div>
          </div>
          {session && !session.userActive ? (
            <div className="mt-6 flex flex-wrap gap-3">
              <ButtonLink to="/login">{t('account.login')}</ButtonLink>
              <ButtonLink to="/signup" variant="secondary">
                {t('account.signup')}
              </ButtonLink>
            </div>
          ) : null}
          {session?.userActive ? (
            <div className="mt-6 flex flex-wrap gap-3">
              <ButtonLink to="/profile">{t('header.menu.profile')}</ButtonLink>
              <ButtonLink to="/profile/addresses" variant="secondary">
                {t('header.menu.addresses')}
              </ButtonLink>
              <ButtonLink to="/profile/company" variant="secondary">
                {t('header.menu.company')}
              </ButtonLink>
            </div>
          ) : null}
          <div className="mt-8 border-t border-sand-200 pt-6">
            <Button variant="secondary" onClick={endSession} disabled={!session?.active || busy}>
              {session?.userActive ? t('header.menu.logout') : t('account.endSession')}
            </Button>
            <p className="mt-3 text-sm text-ink-muted">{t('account.endSessionHint')}</p>
          </div>
        </section>
        <section className="rounded-3xl border border-sand-200 bg-sand-100 p-6 sm:p-8" aria-labelledby="prefs-title">
          <h2 id="prefs-title" className="text-xl font-semibold">
            {t('account.preferences')}
          </h2>
          <dl className="mt-4 space-y-3">
            <div className="flex justify-between gap-4">
              <dt className="text-ink-muted">{t('account.languageLabel')}</dt>
              <dd className="font-semibold" lang={language}>
                {LANGUAGE_NAMES[language]}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-ink-muted">{t('account.currencyLabel')}</dt>
              <dd className="font-semibold">
                {currency.code} · {currency.symbol}
              </dd>
            </div>
          </dl>
        </section>
      </div>
    </Container>
  );
}
