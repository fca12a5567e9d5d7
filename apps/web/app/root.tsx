import { COOKIE_KEYS, isRtl, toLanguage, type Language } from '@tessera/contracts';
import { lazy, useEffect, useState, type ReactNode } from 'react';
import { preloadModule } from 'react-dom';
import { useTranslation } from './lib/i18n/react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { AppConfigProvider } from './features/config/AppConfigProvider';
import { NotFound } from './features/shell/NotFound';
import { Shell } from './features/shell/Shell';
import { resolveWebContext } from './lib/context';
import { parseCookieHeader } from './lib/cookies';
import { pageNamespaces, type Namespace } from './lib/i18n';
import { textChunkUrls } from './lib/i18n/texts';
import { MobileProvider, pickCurrency, PreferencesProvider } from './lib/preferences';
import type { RootData } from './lib/root-data';
import { pageMeta } from './lib/seo';
import { buttonClasses } from './ui/Button';
import { Container } from './ui/Container';
import { SnackbarProvider } from './ui/snackbar';

// The password gate is shown only while the site is locked (before launch): its code comes with that
// page (the server renders it whole, hydration waits for it), not with every page.
const PasswordGate = lazy(() => import('./features/site-gate/PasswordGate').then((module) => ({ default: module.PasswordGate })));

export function loader({ context, request }: Route.LoaderArgs): RootData {
  const ctx = resolveWebContext(context);
  const cookies = parseCookieHeader(request.headers.get('cookie'));
  const currency = pickCurrency(ctx.config.currencies, cookies[COOKIE_KEYS.currencyCode] ?? ctx.config.defaultCurrency);
  return {
    config: ctx.config,
    language: ctx.language,
    currencyCode: currency.code,
    isMobile: ctx.isMobile,
    siteLocked: ctx.siteLocked,
    publicUrl: ctx.publicUrl,
    nonce: ctx.nonce,
  };
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/icons/icon-192.png', type: 'image/png', sizes: '192x192' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/** A page whose loader answered 404 (a missing product, category, store…) is titled as the not-found page. */
export const meta: Route.MetaFunction = (args) =>
  isRouteErrorResponse(args.error) && args.error.status === 404
    ? pageMeta(args, (t) => ({ title: t('notFound.title'), description: t('notFound.body'), noIndex: true }))
    : pageMeta(args);

/** Does nothing: the document follows the texts' language (see Layout). */
const ignoreLanguageChange = () => {};

/**
 * The document: language and direction on <html>, providers shared by pages and error pages. The
 * texts' instance comes from the entry: one per request on the server, one per page in the browser.
 */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { i18n } = useTranslation();
  const [language, setLanguage] = useState<Language>(() => data?.language ?? toLanguage(i18n.language));
  const { revalidate } = useRevalidator();
  const nonce = data?.nonce || undefined;
  // Which namespaces the browser fetches before hydrating this page (NAMESPACES_ATTRIBUTE, lib/i18n/browser.ts);
  // the server's HTML preloads them beside the entry script.
  const namespaces = pageNamespaces(useMatches());
  if (typeof document === 'undefined') {
    for (const href of textChunkUrls(language, namespaces)) preloadModule(href, { as: 'script', nonce });
  }

  useEffect(() => {
    // The language changes once the new language's texts are loaded, so the document and the texts
    // change together.
    const follow = (next: string) => {
      setLanguage(toLanguage(next));
      // The root loader reads the new cookie: page titles and descriptions follow the language.
      void revalidate();
    };
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n, revalidate]);

  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <html lang={language} dir={isRtl(language) ? 'rtl' : 'ltr'} data-i18n-namespaces={namespaces.join(' ')}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#1b3529" />
        <Meta />
        <Links />
      </head>
      <body>
        <PreferencesProvider
          i18n={i18n}
          language={language}
          onLanguageChange={ignoreLanguageChange}
          initialCurrencyCode={data?.currencyCode ?? 'EUR'}
        >
          <MobileProvider initial={data?.isMobile ?? false}>
            <SnackbarProvider defaultTimeout={data?.config.snackbarTimeoutMs}>
              <TextsLoaded namespaces={namespaces}>{children}</TextsLoaded>
            </SnackbarProvider>
          </MobileProvider>
        </PreferencesProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Renders its children once the page's namespaces are loaded. A page opened from a light public page
 * (lib/i18n LIGHT_ROUTES) may need 'screens', which that page did not download: useTranslation
 * (lib/i18n/react.tsx) suspends while it loads, and since the router renders a navigation in a transition, the previous
 * page stays on screen until the new one has its texts (no keys shown). On the server and at
 * hydration every namespace is there already.
 */
function TextsLoaded({ namespaces, children }: { namespaces: Namespace[]; children: ReactNode }) {
  useTranslation(namespaces);
  return children;
}

/** Routes whose `handle` says `{ portal: true }` (seller portal, admin console) bring their own layout. */
function useIsPortal(): boolean {
  return useMatches().some((match) => (match.handle as { portal?: boolean } | undefined)?.portal === true);
}

export default function App({ loaderData }: Route.ComponentProps) {
  const portal = useIsPortal();
  if (loaderData.siteLocked) return <PasswordGate />;
  if (portal) return <Outlet />;
  return (
    <AppConfigProvider initial={loaderData.config}>
      <Shell>
        <Outlet />
      </Shell>
    </AppConfigProvider>
  );
}

/**
 * Errors that escape the pages. A 404 from a page's loader (`/p/nope`, `/c/nope`, `/store/nope`) is
 * the not-found page inside the site's header and footer, as any unknown path is; other errors get a
 * plain page that does not depend on the shell working.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root');
  const portal = useIsPortal();
  const { t } = useTranslation();
  if (data?.siteLocked) return <PasswordGate />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    if (data && !portal) {
      return (
        <AppConfigProvider initial={data.config}>
          <Shell>
            <NotFound />
          </Shell>
        </AppConfigProvider>
      );
    }
    return (
      <main id="main">
        <NotFound />
      </main>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main" className="flex min-h-dvh items-center bg-sand-100">
      <Container className="py-16">
        <div className="mx-auto max-w-xl rounded-3xl border border-sand-200 bg-white p-8 text-center shadow-sm sm:p-10">
          <h1 className="text-3xl font-semibold">{t('error.title')}</h1>
          <p className="mt-4 text-ink-muted">{t('error.body')}</p>
          <a href="/" className={buttonClasses('primary', 'mt-8')}>
            {t('common.backHome')}
          </a>
        </div>
      </Container>
    </main>
  );
}
