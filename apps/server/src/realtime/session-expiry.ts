import type { Aedes, Client } from 'aedes';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Expiry of persistent MQTT sessions (clean: false) whose client never comes back.
 *
 * Every browser tab connects with a client id of its own and a persistent session, so that QoS 1
 * messages wait at the broker while the tab is offline. A tab that is closed for good would keep
 * its subscriptions, and every later message to its user would be queued for it, for ever: MQTT
 * 3.1.1 has no session expiry. So the broker keeps, per persistent client id, the last time it was
 * known to be here (connected, or the moment it went), and forgets the session of a client away
 * longer than `MQTT_SESSION_EXPIRY_SECONDS`: subscriptions, queued messages and QoS 2 state go.
 * Nothing is lost by it: every message is in the history, which clients load over REST when they
 * come back (the web does after every connect); a client back after expiry gets sessionPresent
 * false and subscribes again.
 *
 * The ledger is in memory in the embedded mode (the sessions are too) and a Redis sorted set in
 * scale mode, shared by every instance: a client that went away from one instance is expired by
 * whichever sweeps first (ZREM decides which one), and each instance refreshes the time of the
 * clients connected to it at every sweep, so a client connected elsewhere is never taken for gone.
 */
export interface SessionLedger {
  /** The clients were here at `at`. */
  touch(clientIds: readonly string[], at: number): Promise<void>;
  /** Removes and answers the clients last here before `before` (each answered to one caller only). */
  takeDue(before: number, limit: number): Promise<string[]>;
  forget(clientId: string): Promise<void>;
}

export class MemorySessionLedger implements SessionLedger {
  private readonly lastSeen = new Map<string, number>();

  async touch(clientIds: readonly string[], at: number): Promise<void> {
    for (const id of clientIds) this.lastSeen.set(id, at);
  }

  async takeDue(before: number, limit: number): Promise<string[]> {
    const due: string[] = [];
    for (const [id, at] of this.lastSeen) {
      if (due.length >= limit) break;
      if (at < before) due.push(id);
    }
    for (const id of due) this.lastSeen.delete(id);
    return due;
  }

  async forget(clientId: string): Promise<void> {
    this.lastSeen.delete(clientId);
  }
}

const LEDGER_KEY = 'tessera:mqtt:session-last-seen';

export class RedisSessionLedger implements SessionLedger {
  constructor(private readonly redis: Redis) {}

  async touch(clientIds: readonly string[], at: number): Promise<void> {
    for (let i = 0; i < clientIds.length; i += 1000) {
      const args = clientIds.slice(i, i + 1000).flatMap((id) => [at, id]);
      await this.redis.zadd(LEDGER_KEY, ...args);
    }
  }

  async takeDue(before: number, limit: number): Promise<string[]> {
    const candidates = await this.redis.zrangebyscore(LEDGER_KEY, '-inf', `(${before}`, 'LIMIT', 0, limit);
    if (candidates.length === 0) return [];
    const removed = await Promise.all(candidates.map((id) => this.redis.zrem(LEDGER_KEY, id)));
    // Two instances sweeping at once: ZREM answers 1 to one of them only.
    return candidates.filter((_, index) => removed[index] === 1);
  }

  async forget(clientId: string): Promise<void> {
    await this.redis.zrem(LEDGER_KEY, clientId);
  }
}

/** The part of aedes' persistence (memory or Redis, promise API) that ending a session needs. */
interface SessionPersistence {
  cleanSubscriptions(client: { id: string }): Promise<void>;
  cleanIncoming?(client: { id: string }): Promise<void>;
  outgoingStream(client: { id: string }): AsyncIterable<{ messageId?: number }>;
  outgoingClearMessageId(client: { id: string }, packet: { messageId?: number }): Promise<unknown>;
}

/** The broker's bookkeeping of persistent sessions: who went when, and the sweep that ends old ones. */
export class SessionExpiry {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;

  constructor(
    private readonly options: {
      aedes: Aedes;
      ledger: SessionLedger;
      expiryMs: number;
      log: FastifyBaseLogger;
      /** Scale mode: the Redis connection of the persistence, whose queues hold packet keys. */
      redis?: Redis | undefined;
    },
  ) {}

  /** Sweeps every quarter of the expiry (at most every minute, at least every 100 ms). */
  start(): void {
    const every = Math.max(100, Math.min(60_000, Math.floor(this.options.expiryMs / 4)));
    this.timer = setInterval(() => void this.sweep().catch((error: unknown) => this.options.log.warn({ err: error }, 'mqtt session sweep failed')), every);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  connected(client: Client): void {
    if (client.clean === false && client.id) this.record(this.options.ledger.touch([client.id], Date.now()));
  }

  disconnected(client: Client): void {
    if (client.clean === false && client.id) this.record(this.options.ledger.touch([client.id], Date.now()));
  }

  /** Ends the sessions away longer than the expiry; answers how many. One sweep at a time. */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepOnce().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    const { aedes, ledger, expiryMs } = this.options;
    const now = Date.now();
    const here = this.connectedPersistentIds();
    if (here.length > 0) await ledger.touch(here, now);
    let ended = 0;
    for (;;) {
      const due = await ledger.takeDue(now - expiryMs, 500);
      for (const clientId of due) {
        // Back on this instance in the meantime: its session is in use.
        if (this.isConnectedHere(clientId)) {
          await ledger.touch([clientId], now);
          continue;
        }
        await this.end(clientId);
        ended++;
      }
      if (due.length < 500 || aedes.closed) break;
    }
    if (ended > 0) this.options.log.info({ ended, expirySeconds: expiryMs / 1000 }, 'mqtt sessions expired');
    return ended;
  }

  /** What a clean connect would do to the session: no subscriptions, no queue, no QoS 2 state. */
  private async end(clientId: string): Promise<void> {
    const persistence = (this.options.aedes as unknown as { persistence: SessionPersistence }).persistence;
    const client = { id: clientId };
    if (this.options.redis) {
      await dropRedisQueue(this.options.redis, clientId);
    } else {
      // The memory persistence matches queued packets by messageId (undefined for those never
      // sent): clearing once per queued packet empties the queue.
      const queued: Array<{ messageId?: number }> = [];
      for await (const packet of persistence.outgoingStream(client)) queued.push(packet);
      for (const packet of queued) await persistence.outgoingClearMessageId(client, { messageId: packet.messageId });
    }
    await persistence.cleanSubscriptions(client);
    await persistence.cleanIncoming?.(client);
  }

  private connectedPersistentIds(): string[] {
    const clients = (this.options.aedes as unknown as { clients: Record<string, Client> }).clients;
    return Object.values(clients)
      .filter((client) => client.clean === false)
      .map((client) => client.id);
  }

  private isConnectedHere(clientId: string): boolean {
    return Boolean((this.options.aedes as unknown as { clients: Record<string, Client | undefined> }).clients[clientId]);
  }

  private record(write: Promise<void>): void {
    write.catch((error: unknown) => this.options.log.warn({ err: error }, 'mqtt session time not saved'));
  }
}

/**
 * aedes-persistence-redis keeps a client's queue as a list of packet keys, each packet with a count
 * of the queues holding it: take this client's share off each packet (deleting the packet with
 * the last share), then the list.
 */
async function dropRedisQueue(redis: Redis, clientId: string): Promise<void> {
  const listKey = `outgoing:${encodeURIComponent(clientId)}`;
  const keys = await redis.lrange(listKey, 0, -1);
  for (const key of keys) {
    if (!key.startsWith('packet:')) {
      // A QoS 2 entry of this client alone.
      await redis.del(key);
      continue;
    }
    const countKey = `${key}:offlineCount`;
    const left = await redis.decr(countKey);
    if (left <= 0) await redis.del(key, countKey);
  }
  await redis.del(listKey);
}
