import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

/** What was revoked (or changed) in the sessions table: one session, or every session of a user. */
export type Revocation = { sessionId: string } | { userId: string };

/**
 * Tells every instance that shares the sessions table when a session stops being what it was
 * (logout, revocation, a refresh moving its expiry), so that they can keep the rows they read for
 * much longer than a second (RecentSessions) and still refuse a revoked session at once.
 *
 * `live()` says whether revocations made elsewhere are known to reach this instance right now; while
 * it is false an instance keeps the rows it reads for a second only. `onChange` hears every
 * revocation, and `{ all: true }` when the feed lost its link (revocations may have been missed).
 */
export interface RevocationFeed {
  live(): boolean;
  publish(revocation: Revocation): Promise<void>;
  /** Returns the function that stops listening. */
  onChange(listener: (change: Revocation | { all: true }) => void): () => void;
  close(): Promise<void>;
}

export const REVOCATION_CHANNEL = 'tessera_sessions_revoked';

// One bus per database handle: on SQLite one process owns the file, so every AuthService that
// can revoke a session of it is in this process, using this handle (tests run two apps on one).
const buses = new WeakMap<object, EventEmitter>();

/** SQLite: the instances that share the database are in this process and share its handle. */
export function createInProcessRevocationFeed(database: object): RevocationFeed {
  let bus = buses.get(database);
  if (!bus) {
    bus = new EventEmitter();
    bus.setMaxListeners(0);
    buses.set(database, bus);
  }
  const shared = bus;
  const listeners = new Set<(change: Revocation) => void>();
  return {
    live: () => true,
    publish: async (revocation) => {
      shared.emit('revoked', revocation);
    },
    onChange(listener) {
      listeners.add(listener);
      shared.on('revoked', listener);
      return () => {
        listeners.delete(listener);
        shared.off('revoked', listener);
      };
    },
    close: async () => {
      for (const listener of listeners) shared.off('revoked', listener);
      listeners.clear();
    },
  };
}

/**
 * Scale mode: Redis pub/sub. Live only while the subscriber is connected and subscribed; losing the
 * link tells the listeners `{ all: true }` (whatever was read meanwhile may miss a revocation).
 * A publish waits in ioredis' offline queue while the publisher reconnects (two retries at most).
 */
export async function createRedisRevocationFeed(options: { redisUrl: string; log: FastifyBaseLogger }): Promise<RevocationFeed> {
  const { Redis } = await import('ioredis');
  // A logout waits for its publish: while Redis is away, give up after two retries (logged) rather than hang.
  const publisher = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(options.redisUrl, { lazyConnect: true, autoResubscribe: false });
  const listeners = new Set<(change: Revocation | { all: true }) => void>();
  const tell = (change: Revocation | { all: true }) => {
    for (const listener of listeners) listener(change);
  };
  let live = false;
  let closed = false;
  // Set once the first subscription is made: later 'ready' events are reconnections.
  let started = false;
  const lost = () => {
    if (!live) return;
    live = false;
    tell({ all: true });
  };
  const subscribe = async () => {
    await subscriber.subscribe(REVOCATION_CHANNEL);
    if (closed) return;
    live = true;
    // Revocations made before the subscription took effect were not heard: start afresh.
    tell({ all: true });
  };
  subscriber.on('message', (channel: string, payload: string) => {
    if (channel !== REVOCATION_CHANNEL) return;
    const revocation = parseRevocation(payload);
    // An unreadable message still names some session: forget them all rather than guess.
    tell(revocation ?? { all: true });
  });
  subscriber.on('close', lost);
  subscriber.on('reconnecting', lost);
  subscriber.on('ready', () => {
    // The first 'ready' is handled below; after a reconnect, subscribe again (autoResubscribe is off
    // so that being live always follows our own confirmed subscription).
    if (!closed && started) subscribe().catch((error: unknown) => options.log.warn({ err: error }, 'session revocation feed could not resubscribe'));
  });
  for (const connection of [publisher, subscriber])
    connection.on('error', (error: Error) => options.log.warn({ err: error }, 'session revocation feed redis error'));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscribe();
  started = true;
  return {
    live: () => live,
    async publish(revocation) {
      await publisher.publish(REVOCATION_CHANNEL, JSON.stringify(revocation));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      live = false;
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

function parseRevocation(payload: string): Revocation | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (value && typeof value === 'object') {
      const { sessionId, userId } = value as Record<string, unknown>;
      if (typeof sessionId === 'string') return { sessionId };
      if (typeof userId === 'string') return { userId };
    }
  } catch {
    // fall through
  }
  return null;
}
