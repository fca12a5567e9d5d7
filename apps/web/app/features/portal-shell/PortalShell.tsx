import { LANGUAGES } from '@tessera/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Container } from '../../ui/Container';
import { LogoMark } from '../../ui/Logo';
import { LanguageSelect } from '../shell/LanguageSwitch';
import { useSnackbar } from '../../ui/snackbar';
import { PORTAL_HOME } from './clients';
import { usePortalSession } from './session';

export interface PortalNavItem {
  to: string;
  label: string;
  end?: boolean;
  badge?: ReactNode;
}

/** The language switch of the portals (the storefront's one reads the storefront's app config). */
export function PortalLanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useTranslation('portal');
  return <LanguageSelect languages={LANGUAGES} label={t('common.language')} testId="portal-language" className={className} />;
}

function NavItems({ items, vertical }: { items: readonly PortalNavItem[]; vertical: boolean }) {
  return (
    <ul className={vertical ? 'flex flex-col gap-1' : 'flex flex-wrap gap-1'}>
      {items.map((item) => (
        <li key={item.to} className="shrink-0">
          <NavLink
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              `flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${
                isActive ? 'bg-moss-100 text-moss-900' : 'text-moss-800 hover:bg-moss-50'
              }`
            }
          >
            <span>{item.label}</span>
            {item.badge}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The frame of a portal: a dark header with the portal's name, who is signed in, the language
 * switch and logout; the portal's navigation (a side column on wide screens when `sidebar`); the
 * main landmark. Signed out, only the header and the page (a login form) show.
 */
export function PortalShell({
  title,
  identity,
  nav,
  sidebar = false,
  children,
}: {
  title: string;
  /** Who or what is signed in (a store name, a member and role). */
  identity?: ReactNode;
  nav: readonly PortalNavItem[];
  sidebar?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('portal');
  const session = usePortalSession();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [leaving, setLeaving] = useState(false);
  const showNav = session.signedIn && nav.length > 0;
  // The console's side column needs a wider page; the header lines up with it.
  const width = sidebar && showNav ? 'max-w-7xl' : 'max-w-6xl';

  async function logout() {
    setLeaving(true);
    await session.logout();
    setLeaving(false);
    snackbar(t('common.loggedOut'));
    navigate(PORTAL_HOME[session.portal]);
  }

  const navigation = showNav ? (
    <nav aria-label={title} data-testid="portal-nav">
      <NavItems items={nav} vertical={false} />
    </nav>
  ) : null;

  return (
    <div className="flex min-h-dvh flex-col bg-sand-50" data-portal={session.portal}>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-moss-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t('common.skipToContent')}
      </a>
      <header className="on-dark bg-moss-900 text-white">
        <div className={`mx-auto flex w-full flex-wrap items-center gap-x-4 gap-y-2.5 px-4 py-3 sm:px-6 lg:px-8 ${width}`}>
          <div className="order-1 flex min-w-0 items-center gap-3">
            <Link to="/" aria-label={t('common.homeLabel')} className="shrink-0 rounded-md">
              <LogoMark size={30} />
            </Link>
            <Link to={PORTAL_HOME[session.portal]} className="min-w-0 rounded-md">
              <span className="block font-serif text-lg font-semibold leading-tight text-white">
                <span lang="en" dir="ltr">
                  Tessera
                </span>
              </span>
              <span className="block text-sm leading-tight text-moss-100" data-testid="portal-title">
                {title}
              </span>
            </Link>
          </div>
          {session.signedIn ? (
            <>
              {/* Phones: a second row with who is signed in and the language; wider: one row. */}
              <div className="order-3 flex w-full min-w-0 items-center gap-3 md:order-2 md:ms-auto md:w-auto">
                <div className="min-w-0 flex-1 text-sm leading-tight md:flex-none md:text-end" data-testid="portal-identity">
                  {identity}
                </div>
                <PortalLanguageSwitch className="w-36 shrink-0 sm:w-44" />
              </div>
              <button
                type="button"
                onClick={logout}
                disabled={leaving}
                className="order-2 ms-auto inline-flex h-10 shrink-0 items-center rounded-full border border-white/40 px-4 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-60 md:order-3 md:ms-0"
              >
                {t('common.logout')}
              </button>
            </>
          ) : (
            <PortalLanguageSwitch className="order-2 ms-auto w-36 sm:w-44" />
          )}
        </div>
      </header>
      {showNav && !sidebar ? (
        <div className="border-b border-sand-200 bg-white">
          <Container className="py-2">{navigation}</Container>
        </div>
      ) : null}
      {showNav && sidebar ? (
        <div className="border-b border-sand-200 bg-white lg:hidden">
          <Container className="py-2">{navigation}</Container>
        </div>
      ) : null}
      <div
        className={`flex-1 ${showNav && sidebar ? 'lg:mx-auto lg:grid lg:w-full lg:max-w-7xl lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8 lg:px-8' : ''}`}
      >
        {showNav && sidebar ? (
          <aside className="hidden py-8 lg:block">
            <nav aria-label={title} className="sticky top-6 rounded-2xl border border-sand-200 bg-white p-3">
              <NavItems items={nav} vertical />
            </nav>
          </aside>
        ) : null}
        <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none">
          <div className={showNav && sidebar ? 'px-4 py-8 sm:px-6 lg:px-0' : ''}>{children}</div>
        </main>
      </div>
    </div>
  );
}
