import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/**
 * The catalog's version: bumped after every committed change to products, stores' public fields,
 * categories, brands, menus or banners. Read caches key on it, so a published change is visible to
 * buyers at once.
 *
 * The number is local to the instance: it only has to change whenever the catalog may have changed.
 * On SQLite one process owns the database file, so counting in process is enough. With PostgreSQL
 * several instances share the data, so bump() also tells the others: by NOTIFY on the database (each
 * instance LISTENs on a dedicated connection), or by Redis pub/sub when REDIS_URL is set. A listener
 * that loses its connection bumps on reconnecting, since it may have missed a change meanwhile.
 */
export interface CatalogVersion {
  /** The version this instance knows; cheap (no I/O). */
  current(): number;
  /**
   * Call after the change has committed. Never rejects: the change is in, so its request must not
   * fail because another instance could not be told at once; telling them is retried in the background.
   */
  bump(): Promise<void>;
  close(): Promise<void>;
  /** Resolves once the version is past `than` (tests of another instance's change). */
  changed?(than: number, timeoutMs?: number): Promise<boolean>;
}

export const CATALOG_CHANNEL = 'tessera_catalog';
export const REVIEWS_CHANNEL = 'tessera_reviews';

/** A local counter with waiters; the shared variants add a transport around it. */
function localCounter() {
  let version = 1;
  const waiters = new Set<() => void>();
  return {
    current: () => version,
    advance() {
      version += 1;
      for (const wake of [...waiters]) wake();
    },
    changed(than: number, timeoutMs = 5000): Promise<boolean> {
      if (version > than) return Promise.resolve(true);
      return new Promise((resolve) => {
        const wake = () => {
          if (version <= than) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          resolve(false);
        }, timeoutMs);
        waiters.add(wake);
      });
    },
  };
}

/**
 * Sends "the catalog changed" to the other instances. The first attempt is awaited (a buyer served by
 * another instance right after the answer sees the change); a failed one is logged and retried with
 * backoff until it goes through or the version is closed, and the returned promise still resolves.
 * A retry that comes late is harmless: hearing a change twice only makes caches read again.
 */
const FIRST_ATTEMPT_MS = 1000;

function teller(send: () => Promise<unknown>, log: FastifyBaseLogger, isClosed: () => boolean) {
  let pending = false;
  const retry = (delay: number) => {
    if (pending) return; // one retry loop covers every bump made meanwhile
    pending = true;
    const attempt = (wait: number) => {
      const timer = setTimeout(() => {
        if (isClosed()) return void (pending = false);
        send().then(
          () => void (pending = false),
          (error: unknown) => {
            log.warn({ err: error }, 'could not tell the other instances that the catalog changed; retrying');
            attempt(Math.min(wait * 2, 5000));
          },
        );
      }, wait);
      timer.unref();
    };
    attempt(delay);
  };
  return async () => {
    if (isClosed()) return;
    const sent = send().then(
      () => undefined,
      (error: unknown) => {
        log.warn({ err: error }, 'could not tell the other instances that the catalog changed; retrying');
        retry(100);
      },
    );
    // A transport that hangs (Redis reconnecting holds commands in its queue) must not hold the answer.
    await Promise.race([sent, new Promise<void>((resolve) => setTimeout(resolve, FIRST_ATTEMPT_MS).unref())]);
  };
}

export function createInProcessCatalogVersion(): CatalogVersion {
  const counter = localCounter();
  return {
    current: counter.current,
    bump: async () => counter.advance(),
    close: async () => undefined,
    changed: counter.changed,
  };
}

/**
 * Tells every instance sharing one PostgreSQL database, through LISTEN/NOTIFY. Without a URL to open
 * its own listening connection (an app handed a database by its caller), the instance still tells the
 * others but does not hear them.
 */
export async function createPostgresCatalogVersion(options: {
  databaseUrl: string | undefined;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  channel?: string;
}): Promise<CatalogVersion> {
  const channel = options.channel ?? CATALOG_CHANNEL;
  const counter = localCounter();
  const instance = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const listen = async (): Promise<void> => {
    if (!options.databaseUrl) return;
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== instance) counter.advance();
    });
    next.on('error', (error) => {
      options.log.warn({ err: error }, 'catalog version listener lost its connection; reconnecting');
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const reconnect = (failed: pg.Client) => {
    if (closed || client !== failed) return;
    client = null;
    failed.end().catch(() => undefined);
    // Changes made while we were not listening are unknown: assume there were some.
    counter.advance();
    const attempt = (delay: number) => {
      retry = setTimeout(() => {
        if (closed) return;
        listen()
          .then(() => counter.advance())
          .catch((error: unknown) => {
            options.log.warn({ err: error }, 'catalog version listener could not reconnect');
            attempt(Math.min(delay * 2, 5000));
          });
      }, delay);
    };
    attempt(100);
  };

  await listen();
  const tell = teller(() => sql`select pg_notify(${channel}, ${instance})`.execute(options.db), options.log, () => closed);
  return {
    current: counter.current,
    async bump() {
      counter.advance();
      await tell();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
    changed: counter.changed,
  };
}

/** Tells every instance through Redis pub/sub (scale mode with REDIS_URL). */
export async function createRedisCatalogVersion(options: { redisUrl: string; log: FastifyBaseLogger; channel?: string }): Promise<CatalogVersion> {
  const channel = options.channel ?? CATALOG_CHANNEL;
  const { Redis } = await import('ioredis');
  const counter = localCounter();
  const instance = randomUUID();
  const publisher = new Redis(options.redisUrl, { lazyConnect: true });
  const subscriber = new Redis(options.redisUrl, { lazyConnect: true });
  let subscribed = false;
  subscriber.on('message', (from: string, payload: string) => {
    if (from === channel && payload !== instance) counter.advance();
  });
  // ioredis resubscribes by itself after a reconnect; anything published meanwhile was missed.
  subscriber.on('ready', () => {
    if (subscribed) counter.advance();
  });
  for (const connection of [publisher, subscriber]) connection.on('error', (error: Error) => options.log.warn({ err: error }, 'catalog version redis error'));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(channel);
  subscribed = true;
  let closed = false;
  const tell = teller(() => publisher.publish(channel, instance), options.log, () => closed);
  return {
    current: counter.current,
    async bump() {
      counter.advance();
      await tell();
    },
    async close() {
      closed = true;
      publisher.disconnect();
      subscriber.disconnect();
    },
    changed: counter.changed,
  };
}

/**
 * The version this deployment needs: Redis when configured, PostgreSQL's NOTIFY, else in process.
 * `channel` names another version told the same way (REVIEWS_CHANNEL: product reviews' texts, answers,
 * photos and authors, which must not make the catalog's listing index reload).
 */
export async function createCatalogVersion(options: {
  dialect: 'sqlite' | 'postgres';
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  channel?: string;
}): Promise<CatalogVersion> {
  const channel = options.channel ?? CATALOG_CHANNEL;
  if (options.redisUrl) return createRedisCatalogVersion({ redisUrl: options.redisUrl, log: options.log, channel });
  if (options.dialect === 'postgres') return createPostgresCatalogVersion({ databaseUrl: options.databaseUrl, db: options.db, log: options.log, channel });
  return createInProcessCatalogVersion();
}
