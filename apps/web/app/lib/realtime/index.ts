import { chatTopics, ONLINE_STATUS } from '@tessera/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { RealtimeClient, type MessageHandler, type RealtimeCredentials, type RealtimeState } from './client';

export { RealtimeClient, RealtimeBufferFullError, type RealtimeCredentials, type RealtimeState } from './client';
export { REALTIME_ERRORS } from './errors';

/**
 * The tab's real-time clients, one per realm: the storefront (buyers and guests: chat, live order
 * tracking on `Order/{orderId}`), the seller portal and the admin console, which keep sessions of
 * their own (features/portal-shell/clients.ts) and so connect as someone else.
 *
 * Each realm's credentials come from a provider its feature registers (the chat session's user
 * token, or the access token); the storefront's default is the access token, so a page that only
 * follows an order needs nothing else.
 */
export type Realm = 'storefront' | 'seller' | 'admin';

export type CredentialsProvider = (options: { refused: boolean }) => Promise<RealtimeCredentials | null>;

const providers = new Map<Realm, CredentialsProvider>();
const clients = new Map<Realm, RealtimeClient>();

/** The storefront's default: the user id (the token's subject) and the access token. */
async function storefrontAccessCredentials(): Promise<RealtimeCredentials | null> {
  const { api } = await import('../api');
  const token = await api().freshAccessToken();
  const username = tokenSubject(token);
  return username ? { username, password: token } : null;
}

/** The user id (`sub`) of a JWT, read without verifying it (the broker does that). */
export function tokenSubject(token: string | undefined): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * Sets who a realm connects as. A connected client whose user changes (a chat session replaced
 * the guest's access token, another user logged in) connects again as the new user.
 */
export function setRealtimeCredentials(realm: Realm, provider: CredentialsProvider): void {
  providers.set(realm, provider);
}

const TAB_ID_KEY = 'realtimeTabId';

/**
 * A client id stable for this tab across reloads (sessionStorage survives them), so that the
 * broker's persistent session — and the QoS 1 messages it holds while the tab is offline — is
 * found again. A tab opened afresh, or duplicated (which copies sessionStorage), gets a new one:
 * two live connections with one id would keep taking the broker's session from each other.
 */
function tabClientId(realm: Realm): string {
  let id: string | null = null;
  try {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (navigation?.type === 'reload') id = sessionStorage.getItem(TAB_ID_KEY);
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem(TAB_ID_KEY, id);
    }
  } catch {
    id ??= crypto.randomUUID();
  }
  return `web-${realm}-${id}`;
}

function brokerUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/mqtt`;
}

/** The realm's client (created on first use, in the browser only); it connects on first subscribe. */
export function realtime(realm: Realm = 'storefront'): RealtimeClient {
  if (typeof window === 'undefined') throw new Error('The real-time client runs in the browser only');
  let client = clients.get(realm);
  if (client) return client;
  client = new RealtimeClient({
    url: brokerUrl(),
    clientId: tabClientId(realm),
    credentials: (options) => (providers.get(realm) ?? (realm === 'storefront' ? storefrontAccessCredentials : async () => null))(options),
    // Presence (seed §4): online, retained, on every connect; the will says "away" when the tab goes.
    onConnect: (connected) => {
      const me = connected.username;
      if (me) void connected.publish(chatTopics.onlineStatus(me), { status: ONLINE_STATUS.online, lastSeenEnabled: true }, { retain: true }).catch(() => undefined);
    },
    will: (me) => ({ topic: chatTopics.onlineStatus(me), payload: { status: ONLINE_STATUS.offline, lastSeenEnabled: true }, retain: true }),
  });
  clients.set(realm, client);
  const created = client;
  window.addEventListener('online', () => created.retryNow());
  return client;
}

/**
 * Ends a realm's connection (logout): "away" is published first, then the client disconnects.
 * The next subscribe connects again, with whatever credentials are registered then.
 */
export async function stopRealtime(realm: Realm): Promise<void> {
  const client = clients.get(realm);
  if (!client) return;
  await client.stop({
    beforeClose: async (c) => {
      const me = c.username;
      if (me) await c.publish(chatTopics.onlineStatus(me), { status: ONLINE_STATUS.offline, lastSeenEnabled: true, lastSeen: Date.now() }, { retain: true });
    },
  });
}

/** Connects again as whoever the provider names now (after a chat session replaced a guest token). */
export async function restartRealtime(realm: Realm): Promise<void> {
  const client = clients.get(realm);
  if (!client || client.state === 'idle') return;
  await stopRealtime(realm);
  await client.start();
}

/**
 * Calls `handler` with every message on `topic` while the component is mounted (null: nothing).
 * The latest handler is used without subscribing again on every render.
 *
 * `onGranted` runs each time the broker grants the subscription (first time and after every
 * reconnect): a page that shows state read over HTTP reads it again then, since whatever changed
 * between its read and the subscription (or while it was offline) was published to nobody.
 */
export function useRealtimeTopic(realm: Realm, topic: string | null, handler: MessageHandler, onGranted?: () => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  const latestGranted = useRef(onGranted);
  latestGranted.current = onGranted;
  const wantsGrant = Boolean(onGranted);
  useEffect(() => {
    if (!topic) return;
    return realtime(realm).subscribe(topic, (payload, from) => latest.current(payload, from), wantsGrant ? { onGranted: () => latestGranted.current?.() } : {});
  }, [realm, topic, wantsGrant]);
}

/** The realm's connection state, for a calm "reconnecting…" line ('idle' on the server). */
export function useRealtimeState(realm: Realm): RealtimeState {
  return useSyncExternalStore(
    (listener) => realtime(realm).onState(listener),
    () => realtime(realm).state,
    () => 'idle',
  );
}

export type { MessageHandler };
