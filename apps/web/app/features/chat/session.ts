import { CHAT_ROUTES, CHAT_STORAGE_KEYS, COOKIE_KEYS, type TChatSession } from '@tessera/contracts';
import { api } from '../../lib/api';
import { browserCookies } from '../../lib/cookies';
import type { HttpClient } from '../../lib/http';
import { realtime, restartRealtime, setRealtimeCredentials, stopRealtime, tokenSubject, type Realm } from '../../lib/realtime';
import { ADMIN_PROFILE_COOKIE, parseAdminProfile, PORTAL_KEYS, portalClient } from '../portal-shell/clients';
import { subscribeChatPush, unsubscribeChatPush } from './push';

/**
 * The chat session (seed §4 "Chat session"): a stored chat token means nothing more to do;
 * otherwise the token and chat user id are fetched (POST /v1/isometrics/token, or
 * /v1/isometrics/adminTokenByTeamMember for the store team), stored under the seed's keys
 * (isometrikToken, isometrikUserId, chatData), and the push topic chat-{userId} is subscribed.
 *
 * The storefront keeps the seed's keys. The seller portal and the admin console keep sessions of
 * their own beside the storefront's (features/portal-shell/clients.ts), so their chat sessions are kept
 * under the same names with the portal's prefix (sellerIsometrikToken, adminIsometrikToken…).
 * `chatData` remembers whose session it is: a session of another account is never reused.
 */
export type ChatRealm = Realm;

interface RealmSetup {
  client(): HttpClient;
  tokenPath: string;
  /** The signed-in account of this realm (null: nobody, no chat). */
  accountId(): string | null;
  keys: { token: string; userId: string; chatData: string };
}

const prefixed = (prefix: string) => ({
  token: `${prefix}${CHAT_STORAGE_KEYS.token[0]?.toUpperCase()}${CHAT_STORAGE_KEYS.token.slice(1)}`,
  userId: `${prefix}${CHAT_STORAGE_KEYS.userId[0]?.toUpperCase()}${CHAT_STORAGE_KEYS.userId.slice(1)}`,
  chatData: `${prefix}${CHAT_STORAGE_KEYS.chatData[0]?.toUpperCase()}${CHAT_STORAGE_KEYS.chatData.slice(1)}`,
});

const REALMS: Record<ChatRealm, RealmSetup> = {
  storefront: {
    client: api,
    tokenPath: CHAT_ROUTES.chatToken[1],
    // Chat is for registered buyers (the uid cookie, seed §4 "user-active flag").
    accountId: () => browserCookies.get(COOKIE_KEYS.uid) ?? null,
    keys: { ...CHAT_STORAGE_KEYS },
  },
  seller: {
    client: () => portalClient('seller'),
    tokenPath: CHAT_ROUTES.chatToken[1],
    accountId: () => tokenSubject(browserCookies.get(PORTAL_KEYS.seller.token)),
    keys: prefixed('seller'),
  },
  admin: {
    client: () => portalClient('admin'),
    tokenPath: CHAT_ROUTES.adminChatToken[1],
    accountId: () => parseAdminProfile(browserCookies.get(ADMIN_PROFILE_COOKIE))?.id ?? null,
    keys: prefixed('admin'),
  },
};

export function chatStorageKeys(realm: ChatRealm) {
  return REALMS[realm].keys;
}

interface ChatData {
  userId: string;
  accountId: string;
  createdAt: number;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored session of this realm, when it belongs to the account signed in now. */
export function storedChatSession(realm: ChatRealm): TChatSession | null {
  const setup = REALMS[realm];
  const store = storage();
  const userToken = store?.getItem(setup.keys.token);
  const userId = store?.getItem(setup.keys.userId);
  if (!userToken || !userId) return null;
  const account = setup.accountId();
  try {
    const data = JSON.parse(store?.getItem(setup.keys.chatData) ?? 'null') as ChatData | null;
    // A session left by someone else who used this browser: not ours.
    if (!data || data.accountId !== account) return null;
  } catch {
    return null;
  }
  return { userToken, userId };
}

function storeChatSession(realm: ChatRealm, session: TChatSession, accountId: string): void {
  const { keys } = REALMS[realm];
  const store = storage();
  try {
    store?.setItem(keys.token, session.userToken);
    store?.setItem(keys.userId, session.userId);
    store?.setItem(keys.chatData, JSON.stringify({ userId: session.userId, accountId, createdAt: Date.now() } satisfies ChatData));
  } catch {
    // Private modes without storage: the session lives for this page only (fetched again next time).
  }
}

/** Forgets this realm's chat session (logout, or the server said it has ended). */
export function forgetChatSession(realm: ChatRealm): void {
  const { keys } = REALMS[realm];
  const store = storage();
  try {
    for (const key of [keys.token, keys.userId, keys.chatData]) store?.removeItem(key);
  } catch {
    // Nothing to forget.
  }
  memory.delete(realm);
}

const memory = new Map<ChatRealm, TChatSession>();
const inflight = new Map<ChatRealm, Promise<TChatSession | null>>();

/**
 * The realm's chat session: the stored one, or a fresh one (fetched once however many callers
 * wait). Null when nobody is signed in, or the fetch failed: chat failures are logged, not shown
 * (seed §8).
 */
export function ensureChatSession(realm: ChatRealm): Promise<TChatSession | null> {
  const known = memory.get(realm) ?? storedChatSession(realm);
  if (known) {
    memory.set(realm, known);
    registerCredentials(realm);
    return Promise.resolve(known);
  }
  const running = inflight.get(realm);
  if (running) return running;
  const work = fetchChatSession(realm).finally(() => inflight.delete(realm));
  inflight.set(realm, work);
  return work;
}

async function fetchChatSession(realm: ChatRealm): Promise<TChatSession | null> {
  const setup = REALMS[realm];
  const account = setup.accountId();
  if (!account) return null;
  try {
    const answer = await setup.client().post<{ data: { data: TChatSession } }>(setup.tokenPath, {});
    const session = answer.data.data;
    storeChatSession(realm, session, account);
    memory.set(realm, session);
    registerCredentials(realm);
    // A connection made before (as a guest, with the access token) now connects as the chat user.
    void restartRealtime(realm);
    void subscribeChatPush(realm, session);
    return session;
  } catch (error) {
    console.warn('Chat session could not be fetched', error);
    return null;
  }
}

/** The session was refused by the chat service (expired, or another server's): fetch a new one. */
export async function renewChatSession(realm: ChatRealm): Promise<TChatSession | null> {
  forgetChatSession(realm);
  return ensureChatSession(realm);
}

function registerCredentials(realm: ChatRealm): void {
  setRealtimeCredentials(realm, async ({ refused }) => {
    const session = refused ? await renewChatSession(realm) : await ensureChatSession(realm);
    return session ? { username: session.userId, password: session.userToken } : null;
  });
}

/**
 * Before a logout (seed §4): unsubscribe the push topic first — a failure is logged and the logout
 * goes on — then drop the live connection and the stored chat session.
 */
export async function endChatSession(realm: ChatRealm): Promise<void> {
  const session = memory.get(realm) ?? storedChatSession(realm);
  if (session) {
    try {
      await unsubscribeChatPush(realm, session);
    } catch (error) {
      console.warn('Push unsubscribe failed; logging out anyway', error);
    }
  }
  try {
    await stopRealtime(realm);
  } catch (error) {
    console.warn('Real-time disconnect failed; logging out anyway', error);
  }
  forgetChatSession(realm);
}

/** The realm's live client, connected as the chat user (used by the message center). */
export function chatRealtime(realm: ChatRealm) {
  registerCredentials(realm);
  return realtime(realm);
}
