import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { EventsRepository, type EventRow } from './events.repository.js';
import type { EventsTables } from './events.tables.js';

/** One committed event as its handler receives it. */
export interface OutboxEvent<P = unknown> {
  id: string;
  kind: string;
  key: string | null;
  payload: P;
  /** Earlier failed attempts (0 on the first delivery). */
  attempts: number;
  createdAt: number;
}

export type EventHandler<P = unknown> = (event: OutboxEvent<P>) => Promise<void>;

export interface NewEvent {
  /** What happened, e.g. 'order.status-changed'; names the handler that delivers it. */
  kind: string;
  /** JSON-serialisable. */
  payload: unknown;
  /** Events of one key are delivered one after another, in the order they were written. */
  key?: string | null | undefined;
  /**
   * The key was born in this transaction (a new order's id): no event of it can exist outside the
   * transaction, so a held event of it needs no look for earlier pending ones (`deliverHeld`).
   */
  newKey?: boolean;
}

export interface EventsServiceOptions {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  log: FastifyBaseLogger;
  /** How often the dispatcher looks for due events it was not woken for (crashes, retries, other instances). */
  pollIntervalMs?: number;
  /** How long a dispatcher holds a claimed event before another may take it. */
  leaseMs?: number;
  /** Events taken per round. */
  batchSize?: number;
  /** Rounds that may run at once: a commit made while one delivers is claimed at once by another. */
  parallelRounds?: number;
  /** Attempts before an event is given up as dead. */
  maxAttempts?: number;
  /** Delay before attempt n+1 after n failures. */
  backoffMs?: (attempts: number) => number;
}

/** An event written in a transaction that has committed: what `deliverCommitted` needs of it. */
export interface CommittedEvent {
  id: string;
  kind: string;
  key: string | null;
  /** Written held by this process (`commit` with `hold`): delivered from memory, without a claim. */
  held?: { payload: string; createdAt: number; newKey?: boolean };
}

/** Events delivered directly are marked done together, at most this many per statement. */
const MARK_BATCH = 32;

const MAX_ERROR_LENGTH = 500;
const CLEANUP_EVERY_MS = 10 * 60 * 1000;
export const defaultBackoff = (attempts: number): number => Math.min(1000 * 2 ** (attempts - 1), 5 * 60 * 1000);

/**
 * The one mechanism for side effects (DESIGN §5). A change writes its events in its own transaction
 * (`enqueue(trx, …)`); after commit the dispatcher hands each to the handler of its kind. A rolled-back
 * change publishes nothing; a crash between commit and delivery loses nothing (the rows wait, and any
 * instance's dispatcher takes them once their lease runs out). Delivery is at least once — handlers
 * are idempotent — and in order per key; a failing handler is retried with backoff while its key's
 * later events wait behind it and other keys go on.
 */
export class EventsService {
  private readonly repository: EventsRepository;
  private readonly db: Kysely<Database>;
  private readonly handlers = new Map<string, EventHandler>();
  private readonly log: FastifyBaseLogger;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: (attempts: number) => number;
  private readonly parallelRounds: number;
  private timer: NodeJS.Timeout | undefined;
  private readonly draining = new Set<Promise<void>>();
  /** Events written per transaction, for `commit` to deliver after it. */
  private readonly written = new WeakMap<object, CommittedEvent[]>();
  /** Transactions of `commit(…, { hold: true })`: their events are written held by this process. */
  private readonly holding = new WeakSet<object>();
  /** Held events delivered here and not yet marked done (one statement marks a turn's worth). */
  private readonly unmarked = new Set<string>();
  private readonly marking = new Set<Promise<void>>();
  private markScheduled = false;
  /** The direct deliveries of committed events, the last one per key (`deliverCommitted`). */
  private readonly chains = new Map<string, Promise<void>>();
  /** Events taken by direct delivery and not yet done. */
  private held = 0;
  /** Keys born in a transaction whose held delivery failed or was let go here: their later events go to the rounds. */
  private readonly stalledKeys = new Set<string>();
  private nudgedWhileHeld = false;
  private again = false;
  private stopped = true;
  private lastCleanup = 0;

  constructor(options: EventsServiceOptions) {
    this.db = options.db;
    this.repository = new EventsRepository(options.db as unknown as Kysely<EventsTables>, options.dialect);
    this.log = options.log;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.batchSize = options.batchSize ?? 100;
    this.parallelRounds = options.parallelRounds ?? 4;
    this.maxAttempts = options.maxAttempts ?? 20;
    this.backoffMs = options.backoffMs ?? defaultBackoff;
  }

  /** Writes the event in the caller's transaction; nothing is delivered unless that transaction commits. */
  async enqueue<DB>(db: Kysely<DB> | Transaction<DB>, event: NewEvent): Promise<string> {
    const key = event.key ?? null;
    const now = Date.now();
    const payload = JSON.stringify(event.payload ?? null);
    // Held from its birth only when this process will deliver it right after the commit.
    const held = !this.stopped && this.holding.has(db) && this.handlers.has(event.kind);
    const id = await this.repository.insert(db as unknown as Kysely<EventsTables>, { kind: event.kind, key, payload, now, claimedUntil: held ? now + this.leaseMs : null });
    const written = this.written.get(db);
    // A new key's earlier events are this transaction's own: all held here (then delivered before
    // it, in its chain), or one of them was not and the usual look at the outbox decides.
    const newKey = held && key !== null && event.newKey === true && (written ?? []).every((e) => e.key !== key || e.held?.newKey === true);
    // Remembered per transaction: `commit` hands them to the dispatcher once it has committed.
    const committed: CommittedEvent = held ? { id, kind: event.kind, key, held: { payload, createdAt: now, ...(newKey ? { newKey } : {}) } } : { id, kind: event.kind, key };
    if (written) written.push(committed);
    else this.written.set(db, [committed]);
    return id;
  }

  /**
   * Runs `work` in one transaction and, once it has committed, hands the events it wrote straight
   * to delivery in this process (`deliverCommitted`): the usual way to make a change together with
   * its events.
   *
   * `hold`: the events are written already held by this process (`claimed_until` a lease ahead), so
   * that after the commit they are delivered from memory without any claim statement — what a
   * checkout uses, where claims were the largest SQLite cost. The rounds leave a held event alone;
   * if this process dies before marking it done, any instance takes it once its lease has run out
   * (as an event a crashed round held), instead of at once.
   *
   * `wait`: kinds whose direct delivery the caller waits for before `commit` resolves (delivered, or
   * failed and left to the retries: never an error), for a change its caller reads the effects of
   * next — a store renamed, then the listing that shows its name. Other kinds go on without it.
   */
  async commit<T>(work: (trx: Transaction<Database>) => Promise<T>, options: { hold?: boolean; wait?: readonly string[] } = {}): Promise<T> {
    let transaction: Transaction<Database> | undefined;
    const result = await this.db.transaction().execute((trx) => {
      transaction = trx;
      if (options.hold) this.holding.add(trx);
      return work(trx);
    });
    const written = transaction ? this.written.get(transaction) : undefined;
    if (!written) {
      this.nudge();
      return result;
    }
    const delivered = this.deliverCommitted(written, options.wait);
    if (options.wait) await delivered;
    return result;
  }

  /**
   * Delivers events this process has just committed at once, without a polling round: each is
   * taken by its id (`claimOne`, a primary-key update instead of a search of the due range), handed
   * to its handler and marked done. Events of one key go one after another in this process (a chain
   * per key). The outbox stays the safety net: an event this cannot take (an earlier event of its
   * key is pending, another round took it first, no handler here) is left to the rounds, and a crash
   * at any point leaves the row pending for any instance.
   *
   * Resolves once the deliveries of the `wait` kinds have ended (never rejects); the others go on.
   */
  deliverCommitted(events: readonly CommittedEvent[], wait: readonly string[] = []): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const waited: Promise<void>[] = [];
    for (const event of events) {
      // A kind this instance has no handler for is left to the instances that have one.
      if (!this.handlers.has(event.kind)) continue;
      const chainKey = event.key ?? `#${event.id}`;
      const previous = this.chains.get(chainKey);
      const run: Promise<void> = (previous ?? Promise.resolve())
        .then(() => (event.held ? this.deliverHeld(event, event.held) : this.deliverOne(event.id)))
        .catch((error: unknown) => {
          // Its row is still pending: the key's later events wait for the rounds too.
          if (event.key !== null) this.stalledKeys.add(event.key);
          this.log.warn({ err: error, event: event.id }, 'events: direct delivery failed, the rounds will take it');
        })
        .finally(() => {
          if (this.chains.get(chainKey) !== run) return;
          this.chains.delete(chainKey);
          this.stalledKeys.delete(chainKey);
        });
      this.chains.set(chainKey, run);
      if (wait.includes(event.kind)) waited.push(run);
    }
    return Promise.all(waited).then(() => undefined);
  }

  private async deliverOne(id: string): Promise<void> {
    if (this.stopped) return;
    const now = Date.now();
    this.held++;
    try {
      const event = await this.repository.claimOne({ id, now, leaseUntil: now + this.leaseMs });
      // Taken by a round already, or behind an earlier event of its key: the rounds deliver it in order.
      if (!event) return this.wake();
      if (await this.deliver(event)) await this.repository.markDone([event.id], Date.now());
    } finally {
      this.held--;
      // A nudge answered while this event was held may have found a later event of its key waiting
      // behind it: once nothing is held, one more round. (Polls come back by themselves.)
      if (this.held === 0 && this.nudgedWhileHeld) {
        this.nudgedWhileHeld = false;
        this.wake();
      }
    }
  }

  /**
   * An event written held by this process: no claim, its row is ours until the lease ends. It goes
   * now unless an earlier event of its key is still pending (other than ones delivered here and
   * about to be marked done): then it is let go to the rounds, which deliver the key in order.
   */
  private async deliverHeld(event: CommittedEvent, held: { payload: string; createdAt: number; newKey?: boolean }): Promise<void> {
    this.held++;
    try {
      // A new key's earlier events were delivered before this one in its chain: only one of them
      // failing (or let go) here keeps this one back, and no statement is needed to know it.
      const blocked =
        this.stopped ||
        (event.key !== null &&
          (held.newKey ? this.stalledKeys.has(event.key) : (await this.repository.earlierPending(event.key, event.id)).some((id) => !this.unmarked.has(id))));
      if (blocked) {
        if (event.key !== null) this.stalledKeys.add(event.key);
        await this.repository.release([event.id]);
        return this.wake();
      }
      const row: EventRow = {
        id: event.id,
        kind: event.kind,
        key: event.key,
        payload: held.payload,
        status: 'pending',
        attempts: 0,
        available_at: held.createdAt,
        claimed_until: held.createdAt + this.leaseMs,
        last_error: null,
        created_at: held.createdAt,
        delivered_at: null,
      };
      if (await this.deliver(row)) this.markDoneSoon(event.id);
      else if (event.key !== null) this.stalledKeys.add(event.key);
    } finally {
      this.held--;
      if (this.held === 0 && this.nudgedWhileHeld) {
        this.nudgedWhileHeld = false;
        this.wake();
      }
    }
  }

  /**
   * Marks directly delivered events done once per turn of the event loop: under load one statement
   * (one commit) covers many checkouts' events. Until then the row is still held by this process, so
   * no round takes it; a crash in between delivers it again after its lease (at least once).
   */
  private markDoneSoon(id: string): void {
    this.unmarked.add(id);
    if (this.markScheduled) return;
    this.markScheduled = true;
    const marking: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        this.markScheduled = false;
        const ids = [...this.unmarked];
        try {
          for (let start = 0; start < ids.length; start += MARK_BATCH) await this.repository.markDone(ids.slice(start, start + MARK_BATCH), Date.now());
        } catch (error) {
          this.log.warn({ err: error }, 'events: marking delivered events failed, they are delivered again after their lease');
        } finally {
          for (const id of ids) this.unmarked.delete(id);
        }
      })
      .finally(() => this.marking.delete(marking));
    this.marking.add(marking);
  }

  /** The handler of a kind; one per kind. */
  on<P>(kind: string, handler: EventHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`events: a handler for '${kind}' is already registered`);
    this.handlers.set(kind, handler as EventHandler);
  }

  /** Starts polling; the app starts it once every module has registered its handlers. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops polling and waits for the round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.draining, ...this.chains.values()]);
    await Promise.all([...this.marking]);
  }

  /**
   * Wake the dispatcher now (after a commit). A commit made while a round is delivering starts a
   * round of its own (up to `parallelRounds`) instead of waiting for that round to end: a chat
   * message does not queue behind the previous message's deliveries. Claims are atomic, so two
   * rounds never take the same event, and a key's later event waits while its earlier one is held.
   * Beyond the bound, a nudge asks the running rounds for one more.
   */
  nudge(): void {
    if (this.held > 0) this.nudgedWhileHeld = true;
    this.wake();
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.draining.size >= this.parallelRounds) {
      this.again = true;
      return;
    }
    const drain: Promise<void> = this.drain().finally(() => {
      this.draining.delete(drain);
    });
    this.draining.add(drain);
  }

  /** Delivers everything due now; resolves when nothing is left (tests and graceful stops use it). */
  async settle(): Promise<void> {
    await Promise.all([...this.draining, ...this.chains.values()]);
    await Promise.all([...this.marking]);
    while ((await this.round()) > 0) {
      // another round
    }
  }

  /** How many events are pending, done and dead (for /metrics and tests). */
  counts(): Promise<Record<string, number>> {
    return this.repository.counts();
  }

  private async drain(): Promise<void> {
    try {
      do {
        this.again = false;
        // Until a round finds nothing: a key's event that waited behind one this round delivered is
        // due now, and the round that was nudged for it may have ended while it waited.
        while (!this.stopped && (await this.round()) > 0) {
          // there may be more
        }
      } while (this.again && !this.stopped);
      await this.cleanup();
    } catch (error) {
      // The database is unreachable or closing: the next poll tries again.
      this.log.warn({ err: error }, 'events: dispatcher round failed');
    }
  }

  /** One claim and its deliveries; returns how many events were claimed. */
  private async round(): Promise<number> {
    const now = Date.now();
    const events = await this.repository.claim({ now, leaseUntil: now + this.leaseMs, limit: this.batchSize, kinds: [...this.handlers.keys()] });
    if (events.length === 0) return 0;
    // One chain per key (each event without a key is a chain of its own); chains run side by side.
    const chains = new Map<string, EventRow[]>();
    for (const event of events) {
      const chainKey = event.key ?? `#${event.id}`;
      const chain = chains.get(chainKey);
      if (chain) chain.push(event);
      else chains.set(chainKey, [event]);
    }
    const delivered: string[] = [];
    const untried: string[] = [];
    await Promise.all(
      [...chains.values()].map(async (chain) => {
        for (let index = 0; index < chain.length; index++) {
          const event = chain[index] as EventRow;
          if (await this.deliver(event)) {
            delivered.push(event.id);
          } else {
            // Later events of this key wait for the failed one.
            untried.push(...chain.slice(index + 1).map((later) => later.id));
            return;
          }
        }
      }),
    );
    await this.repository.markDone(delivered, Date.now());
    await this.repository.release(untried);
    return events.length;
  }

  private async deliver(event: EventRow): Promise<boolean> {
    // Claimed only for kinds with a handler.
    const handler = this.handlers.get(event.kind) as EventHandler;
    try {
      await handler({ id: event.id, kind: event.kind, key: event.key, payload: JSON.parse(event.payload) as unknown, attempts: event.attempts, createdAt: Number(event.created_at) });
      return true;
    } catch (error) {
      const attempts = event.attempts + 1;
      const dead = attempts >= this.maxAttempts;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      const log = { event: event.id, kind: event.kind, attempts, err: message };
      if (dead) this.log.error(log, 'events: giving up on an event');
      else this.log.warn(log, 'events: delivery failed, will retry');
      await this.repository.markFailed(event.id, { attempts, retryAt: Date.now() + this.backoffMs(attempts), error: message, dead });
      return false;
    }
  }

  private async cleanup(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    await this.repository.dropDelivered(now);
  }
}
