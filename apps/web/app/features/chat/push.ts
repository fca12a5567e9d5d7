import { CHAT_ROUTES, chatPushTopic, type TChatSession } from '@tessera/contracts';
import { chatFetch } from './transport';
import type { ChatRealm } from './session';

/**
 * Web push for the topic chat-{userId} (seed §4, §7, §8): subscribe (POST) once a chat session
 * exists and notifications are allowed; unsubscribe (DELETE) before a logout. Every failure is
 * only logged: chat works without push.
 */

function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Whether the browser can show chat notifications and has not been asked yet. */
export function canAskForNotifications(): boolean {
  return pushSupported() && Notification.permission === 'default';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The service worker's registration, if one is active within a few seconds (none in development). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000));
  return Promise.race([ready, timeout]);
}

/**
 * Subscribes this browser to the user's push topic. `ask`: the user pressed "turn on
 * notifications", so the browser may ask for permission (never asked unprompted).
 */
export async function subscribeChatPush(realm: ChatRealm, session: TChatSession, options: { ask?: boolean } = {}): Promise<boolean> {
  if (!pushSupported()) return false;
  try {
    if (Notification.permission !== 'granted') {
      if (!options.ask || Notification.permission === 'denied') return false;
      if ((await Notification.requestPermission()) !== 'granted') return false;
    }
    const worker = await registration();
    if (!worker) return false;
    const { publicKey } = await chatFetch<{ publicKey: string }>(realm, session, 'GET', CHAT_ROUTES.pushKey[1]);
    const subscription =
      (await worker.pushManager.getSubscription()) ??
      (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    const json = subscription.toJSON();
    await chatFetch(realm, session, 'POST', CHAT_ROUTES.pushSubscribe[1], {
      body: { topic: chatPushTopic(session.userId), subscription: { endpoint: json.endpoint, keys: json.keys } },
    });
    return true;
  } catch (error) {
    console.warn('Push subscribe failed', error);
    return false;
  }
}

/** Seed §4 logout: DELETE the push topic; throws so the caller can log it and go on. */
export async function unsubscribeChatPush(realm: ChatRealm, session: TChatSession): Promise<void> {
  if (!pushSupported()) return;
  // The registration there is now, if any: a logout never waits for a worker still installing.
  const worker = await navigator.serviceWorker.getRegistration();
  const subscription = await worker?.pushManager.getSubscription();
  await chatFetch(realm, session, 'DELETE', CHAT_ROUTES.pushUnsubscribe[1], {
    body: { topic: chatPushTopic(session.userId), ...(subscription ? { endpoint: subscription.endpoint } : {}) },
  });
}
