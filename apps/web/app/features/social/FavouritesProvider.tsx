import { COOKIE_KEYS } from '@tessera/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useLocation } from 'react-router';
import { browserCookies } from '../../lib/cookies';
import { HttpError } from '../../lib/http';
import { useSnackbar } from '../../ui/snackbar';
import { favouritesApi } from './api';

export type FavouriteKind = 'products' | 'stores';

interface FavouritesValue {
  /** The ids have been read (or there is no session to read them for). */
  ready: boolean;
  isFavourite(kind: FavouriteKind, id: string): boolean;
  /** Flips the heart at once and tells the server; a refusal flips it back and says why. */
  toggle(kind: FavouriteKind, id: string): Promise<void>;
}

const FavouritesContext = createContext<FavouritesValue | null>(null);

type Ids = Record<FavouriteKind, ReadonlySet<string>>;
const NONE: Ids = { products: new Set(), stores: new Set() };

/** Who the hearts belong to: the signed-in user (uid cookie), a guest (token only) or nobody yet. */
function sessionKey(): string {
  const uid = browserCookies.get(COOKIE_KEYS.uid);
  if (uid) return `user:${uid}`;
  return browserCookies.get(COOKIE_KEYS.token) || browserCookies.get(COOKIE_KEYS.refreshToken) ? 'guest' : 'none';
}

const withId = (set: ReadonlySet<string>, id: string, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

/**
 * The hearts of every storefront page: the ids come from one `GET /v1/favourites/ids` per page load
 * (not one request per card), read again only when the session changes hands (a guest signs up or
 * logs in — his favourites moved to the account — or someone logs out). A visitor without a session
 * reads nothing; his first heart makes the guest session (the http client's token queue).
 */
export function FavouritesProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('social');
  const snackbar = useSnackbar();
  const location = useLocation();
  const [ids, setIdsState] = useState<Ids>(NONE);
  // The hearts as last set, read synchronously by a toggle (state updaters run later).
  const idsRef = useRef<Ids>(NONE);
  const setIds = useCallback((next: Ids | ((now: Ids) => Ids)) => {
    idsRef.current = typeof next === 'function' ? next(idsRef.current) : next;
    setIdsState(idsRef.current);
  }, []);
  const [ready, setReady] = useState(false);
  const loadedFor = useRef<string | null>(null);
  // One change at a time per heart, in the order they were made: a quick double tap ends as it looks.
  const chains = useRef(new Map<string, Promise<void>>());

  useEffect(() => {
    const key = sessionKey();
    if (loadedFor.current === key) return;
    // A guest's own first heart made his session: nothing new to read.
    const guestJustStarted = loadedFor.current === 'none' && key === 'guest';
    loadedFor.current = key;
    if (key === 'none' || guestJustStarted) {
      if (key === 'none') setIds(NONE);
      setReady(true);
      return;
    }
    let current = true;
    favouritesApi.ids().then(
      (answer) => {
        if (!current) return;
        setIds({ products: new Set(answer.productIds), stores: new Set(answer.storeIds) });
        setReady(true);
      },
      () => current && setReady(true),
    );
    return () => {
      current = false;
    };
  }, [location.key, setIds]);

  const toggle = useCallback(
    (kind: FavouriteKind, id: string) => {
      const target = !idsRef.current[kind].has(id);
      setIds((now) => ({ ...now, [kind]: withId(now[kind], id, target) }));
      const key = `${kind}:${id}`;
      const previous = chains.current.get(key) ?? Promise.resolve();
      const run = previous.then(async () => {
        try {
          await favouritesApi.set(kind, id, target);
          if (loadedFor.current === 'none') loadedFor.current = 'guest';
          snackbar(t(target ? 'heart.added' : 'heart.removed'), { variant: 'success' });
        } catch (failure) {
          setIds((now) => ({ ...now, [kind]: withId(now[kind], id, !target) }));
          // The server's refusals are translated (the 1,000 limit, a product no longer public); a lost connection is not.
          snackbar(failure instanceof HttpError && failure.code ? failure.message : t('heart.failed'), { variant: 'error' });
        }
      });
      chains.current.set(key, run);
      return run;
    },
    [snackbar, t, setIds],
  );

  const value = useMemo<FavouritesValue>(() => ({ ready, isFavourite: (kind, id) => ids[kind].has(id), toggle }), [ids, ready, toggle]);
  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}

export function useFavourites(): FavouritesValue {
  const context = useContext(FavouritesContext);
  if (!context) throw new Error('useFavourites needs a FavouritesProvider');
  return context;
}
