import type { Language, TStore } from '@tessera/contracts';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useMatches, useRevalidator } from 'react-router';
import { NotSignedIn } from '../../lib/http';
import { usePreferences } from '../../lib/preferences';
import { LoginForm } from './auth/LoginForm';
import { browserCookies } from '../../lib/cookies';
import { PORTAL_KEYS, portalClient, type PortalSessionState } from './clients';
import { PortalSessionProvider, usePortalSession } from './session';
import { PortalShell } from './PortalShell';

export const STORE_PATH = '/v1/seller/store';

/** The seller's store as the layout's loader found it: the store, or why not (nothing before the first load). */
export interface LoadedStore {
  data?: TStore;
  error?: unknown;
}

/**
 * The seller layout route's clientLoader part (docs/web.md "Loading and submitting data"): the store
 * of the signed-in seller. A failure is kept, not thrown: the frame (header, navigation, login form)
 * stays, and the pages that need the store show it with a retry. No token: no store, no request.
 */
export async function loadSellerStore(signal: AbortSignal): Promise<LoadedStore> {
  if (!browserCookies.get(PORTAL_KEYS.seller.token)) return {};
  try {
    return { data: (await portalClient('seller').get<{ data: TStore }>(STORE_PATH, { signal })).data };
  } catch (error) {
    if (signal.aborted) throw error;
    return { error };
  }
}

/** The store and a retry, for the portal's pages; the layout loads it again after every action. */
export interface SellerStore extends LoadedStore {
  reload(): void;
}

const SellerStoreContext = createContext<SellerStore | null>(null);

export function useSellerStore(): SellerStore {
  const value = useContext(SellerStoreContext);
  if (!value) throw new Error('useSellerStore needs the seller portal layout');
  return value;
}

/** A store text in the page's language, falling back to English (the server requires English). */
export function localized(text: Record<string, string> | undefined, language: Language): string {
  return text?.[language] || text?.en || '';
}

export const STATUS_TONE = { pending: 'pending', approved: 'approved', rejected: 'rejected' } as const;

/** The status colour as a dot on the dark header. */
const DOT = { pending: 'bg-ochre-300', approved: 'bg-moss-300', rejected: 'bg-clay-500' } as const;

function isPublicPage(matches: ReturnType<typeof useMatches>): boolean {
  return matches.some((match) => (match.handle as { public?: boolean } | undefined)?.public === true);
}

function SellerFrame({ loaded, children }: { loaded: LoadedStore; children: ReactNode }) {
  const { t } = useTranslation('portal');
  const { t: tc } = useTranslation('sellerCatalog');
  const { t: tSocial } = useTranslation('social');
  const { t: tQuotes } = useTranslation('quotations');
  const { t: tComm } = useTranslation('commissions');
  const { t: tRoot } = useTranslation();
  const { language } = usePreferences();
  const session = usePortalSession();
  const matches = useMatches();
  const revalidator = useRevalidator();
  const store = useMemo<SellerStore>(() => ({ ...loaded, reload: () => void revalidator.revalidate() }), [loaded, revalidator]);
  // A load whose token was refused: the login form comes back (as PortalRouteError does for the pages).
  // Once per load: after a login the old load's error must not sign the new session out.
  const expire = useRef(session.expire);
  useEffect(() => {
    expire.current = session.expire;
  });
  useEffect(() => {
    if (loaded.error instanceof NotSignedIn) expire.current();
  }, [loaded]);
  const name = localized(store.data?.storeName, language);
  const publicPage = isPublicPage(matches);

  const identity = store.data ? (
    <span className="flex flex-wrap items-center gap-2 md:justify-end">
      <span className="font-semibold text-white" data-testid="portal-store-name">
        {name}
      </span>
      <span className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold text-white">
        <span aria-hidden="true" className={`h-2 w-2 rounded-full ${DOT[store.data.status]}`} />
        {t(`seller.status.${store.data.status}`)}
      </span>
    </span>
  ) : null;

  return (
    <PortalShell
      title={t('common.sellerPortal')}
      identity={identity}
      nav={[
        { to: '/seller', label: t('seller.nav.home'), end: true },
        { to: '/seller/store', label: t('seller.nav.store') },
        { to: '/seller/products', label: tc('nav') },
        { to: '/seller/orders', label: tRoot('portalOrders.nav') },
        { to: '/seller/messages', label: tRoot('header.menu.messages') },
        { to: '/seller/reviews', label: tSocial('seller.title') },
        { to: '/seller/quotations', label: tQuotes('seller.title') },
        { to: '/seller/commissions', label: tComm('seller.title') },
      ]}
    >
      <SellerStoreContext.Provider value={store}>{session.signedIn || publicPage ? children : <LoginForm />}</SellerStoreContext.Provider>
    </PortalShell>
  );
}

/** The seller portal around its pages: its own session, header and navigation; the login form when signed out. */
export function SellerPortal({ initial, store, children }: { initial: PortalSessionState; store: LoadedStore; children: ReactNode }) {
  return (
    <PortalSessionProvider portal="seller" initial={initial}>
      <SellerFrame loaded={store}>{children}</SellerFrame>
    </PortalSessionProvider>
  );
}
