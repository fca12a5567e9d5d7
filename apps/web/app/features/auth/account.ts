import { COOKIE_KEYS, type TProfile, type TSessionResponse } from '@tessera/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../lib/api';
import { browserCookies } from '../../lib/cookies';
import { HttpError } from '../../lib/http';
import { SESSION_COOKIE_DAYS } from '../../lib/session-keys';
import { logout } from '../session/session';

/**
 * The signed-in buyer, shared by the header and the account pages (seed §3 "userProfileData",
 * "isUserActive"). The user-active flag is the uid cookie (seed §4); the profile is fetched only
 * when both uid and authPass exist (seed §7). Pages render a neutral state on the server and on
 * the hydration pass (`ready: false`), then load in the browser.
 */
export interface AccountState {
  /** The browser has been asked; false on the server and until the first check. */
  ready: boolean;
  /** A registered user is signed in in this browser (uid cookie). */
  signedIn: boolean;
  profile: TProfile | null;
  /** The profile could not be loaded (network, server error): the page offers a retry. */
  failed: boolean;
  /** The user has just logged out here: pages go home rather than to the login page. */
  loggedOut?: boolean;
}

export const PROFILE_PATH = '/v1/customer/profile';

const UNKNOWN: AccountState = { ready: false, signedIn: false, profile: null, failed: false };
const GUEST: AccountState = { ready: true, signedIn: false, profile: null, failed: false };

let state: AccountState = UNKNOWN;
let inflight: Promise<AccountState> | null = null;
const listeners = new Set<() => void>();

function emit(next: AccountState): AccountState {
  state = next;
  for (const listener of listeners) listener();
  return next;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The seed's user-active flag: a uid cookie exists. */
export function isUserActive(): boolean {
  return Boolean(browserCookies.get(COOKIE_KEYS.uid));
}

/**
 * Keeps the uid and authPass flags of a signed-in user (seed §3 storage keys). They are session
 * cookies of one day, renewed on every visit that loads the profile.
 */
function rememberUser(profile: TProfile): void {
  browserCookies.set(COOKIE_KEYS.uid, profile.id, { days: SESSION_COOKIE_DAYS });
  browserCookies.set(COOKIE_KEYS.authPass, '1', { days: SESSION_COOKIE_DAYS });
}

/** Loads the profile (once for every caller waiting at the same time). */
export function refreshAccount(): Promise<AccountState> {
  if (inflight) return inflight;
  inflight = (async () => {
    if (!isUserActive() || !browserCookies.get(COOKIE_KEYS.authPass)) return emit(GUEST);
    try {
      const answer = await api().get<{ data: TProfile }>(PROFILE_PATH);
      rememberUser(answer.data);
      return emit({ ready: true, signedIn: true, profile: answer.data, failed: false });
    } catch (error) {
      if (error instanceof HttpError && (error.status === 401 || error.status === 403)) {
        // The flags say "signed in" but the token is not a buyer's (ended elsewhere): start over.
        api().clearSession();
        return emit(GUEST);
      }
      return emit({ ready: true, signedIn: true, profile: state.profile, failed: true });
    }
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * Login and signup answers: store the tokens (api().storeSession), set the uid and authPass flags
 * and the profile (seed §4 "responses set the user profile; signup also stores the access token
 * and auth flag").
 */
export function startBuyerSession(data: TSessionResponse['data']): TProfile {
  api().storeSession({ token: data.token, sessionId: data.sessionId, userType: 'buyer' });
  rememberUser(data.user);
  emit({ ready: true, signedIn: true, profile: data.user, failed: false });
  return data.user;
}

/** A newer copy of the profile (after an edit, an upload, a verification). */
export function setProfile(profile: TProfile): void {
  emit({ ready: true, signedIn: true, profile, failed: false });
}

/** Seed §4 logout: the server call, then the session is cleared whether or not it succeeded. */
export async function logOut(): Promise<void> {
  // Seed §4: unsubscribe the push topic first; a failure is logged and the logout goes on.
  try {
    const { endChatSession } = await import('../chat/session');
    await endChatSession('storefront');
  } catch (error) {
    console.warn('Chat session not ended; logging out anyway', error);
  }
  await logout();
  emit({ ...GUEST, loggedOut: true });
}

/** Forgets a session that the server has ended (after a password reset). */
export function forgetSession(): void {
  api().clearSession();
  emit(GUEST);
}

/**
 * The account as the page should show it. `fresh`: reload the profile when the page mounts (pages
 * whose answer depends on the latest approval state); otherwise the first caller loads it.
 */
export function useAccount(options: { fresh?: boolean } = {}): AccountState {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => state,
    () => UNKNOWN,
  );
  const fresh = options.fresh ?? false;
  useEffect(() => {
    if (fresh || !state.ready) void refreshAccount();
  }, [fresh]);
  return snapshot;
}

/** The seed's "next" after a login: a path on this site only. */
export function safeNext(value: string | null | undefined, fallback = '/profile'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** /login?next=… keeping slashes readable (/login?next=/checkout). */
export function loginPath(next: string): string {
  return `/login?next=${encodeURIComponent(next).replace(/%2F/gi, '/')}`;
}
