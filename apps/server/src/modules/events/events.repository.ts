import { sql, type Kysely, type Transaction } from 'kysely';
import { prepared } from '../../db/prepared-query.js';
import { newId } from '../../lib/ids.js';
import type { EventOutboxTable, EventsTables } from './events.tables.js';

export type EventRow = EventOutboxTable;
type AnyDb = Kysely<EventsTables> | Transaction<EventsTables>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The advisory lock the outbox's claims take turns on (PostgreSQL); any fixed number unique in the app. */
const CLAIM_LOCK_KEY = 7_215_001;

// Written in every change's transaction and marked after every delivery: compiled once.
const insertEvent = prepared((db, row: EventOutboxTable) => db.insertInto('event_outbox').values(row));
const markEventsDone = prepared((db, ids: readonly string[], now: number) =>
  db.updateTable('event_outbox').set({ status: 'done', delivered_at: now, claimed_until: null, last_error: null }).where('id', 'in', ids),
);

const earlierOfKey = prepared((db, key: string, id: string) =>
  db.selectFrom('event_outbox').select('id').where('key', '=', key).where('status', '=', 'pending').where('id', '<', id),
);

/** The event_outbox queries of both dialects; the dispatcher's claim is one atomic statement. */
export class EventsRepository {
  constructor(
    private readonly db: Kysely<EventsTables>,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  /** `claimedUntil`: written already held by this process until then (`EventsService.commit` with `hold`), else null. */
  async insert(db: AnyDb, event: { kind: string; key: string | null; payload: string; now: number; claimedUntil?: number | null }): Promise<string> {
    const id = newId();
    await insertEvent.execute(db, {
      id,
      kind: event.kind,
      key: event.key,
      payload: event.payload,
      status: 'pending',
      attempts: 0,
      available_at: event.now,
      claimed_until: event.claimedUntil ?? null,
      last_error: null,
      created_at: event.now,
      delivered_at: null,
    });
    return id;
  }

  /** The pending events of a key written before this one (held, waiting for a retry, or not yet taken). */
  async earlierPending(key: string, id: string): Promise<string[]> {
    return (await earlierOfKey.all(this.db, key, id)).map((row) => row.id);
  }

  /**
   * Takes up to `limit` due events, oldest first, and holds them until `leaseUntil`. An event waits
   * while an older pending event of its key is not due or is held elsewhere, so one key's events
   * are delivered in order; PostgreSQL skips rows another dispatcher is claiming at that moment,
   * SQLite runs one writer at a time. Only the kinds this process has handlers for are taken: during
   * a rolling deploy an older instance leaves a new kind of event to the instances that know it.
   *
   * On PostgreSQL the claims of every round and instance take turns (a transaction-scoped advisory
   * lock): two claims at once would each see the other's event of a key as not yet held (their
   * snapshots predate each other's update), so a key's later event could be claimed, and delivered,
   * beside its earlier one. A claim is one short statement; taking turns costs little.
   */
  async claim(options: { now: number; leaseUntil: number; limit: number; kinds: string[] }): Promise<EventRow[]> {
    const { now, leaseUntil, limit, kinds } = options;
    if (kinds.length === 0) return [];
    const lock = this.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const statement = sql<EventRow>`
      update event_outbox set claimed_until = ${leaseUntil}
      where id in (
        select e.id from event_outbox e
        where e.status = 'pending' and e.available_at <= ${now} and e.kind in (${sql.join(kinds)})
          and (e.claimed_until is null or e.claimed_until < ${now})
          and (e.key is null or not exists (
            select 1 from event_outbox o
            where o.key = e.key and o.status = 'pending' and o.id < e.id
              and (o.available_at > ${now} or o.claimed_until >= ${now})
          ))
        order by e.id
        limit ${limit}
        ${lock}
      )
      returning *`;
    const result =
      this.dialect === 'postgres'
        ? await this.db.transaction().execute(async (trx) => {
            await sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`.execute(trx);
            return statement.execute(trx);
          })
        : await statement.execute(this.db);
    return result.rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /**
   * Takes one event by id — one just committed by this process, handed to its dispatcher at once —
   * if it is still pending, due and unheld, and no earlier event of its key is pending at all (held,
   * waiting for a retry, or not yet taken: those go first, through `claim`). A primary-key update, where
   * `claim` searches the whole due range. On PostgreSQL it takes its turn with the other claims (the
   * advisory lock of `claim`): a round claiming at the same moment could otherwise take this event's
   * later sibling of its key, seeing this one as unheld in its snapshot.
   */
  async claimOne(options: { id: string; now: number; leaseUntil: number }): Promise<EventRow | undefined> {
    const { id, now, leaseUntil } = options;
    const statement = sql<EventRow>`
      update event_outbox set claimed_until = ${leaseUntil}
      where id = ${id} and status = 'pending' and available_at <= ${now}
        and (claimed_until is null or claimed_until < ${now})
        and (key is null or not exists (
          select 1 from event_outbox o where o.key = event_outbox.key and o.status = 'pending' and o.id < event_outbox.id
        ))
      returning *`;
    const result =
      this.dialect === 'postgres'
        ? await this.db.transaction().execute(async (trx) => {
            await sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`.execute(trx);
            return statement.execute(trx);
          })
        : await statement.execute(this.db);
    return result.rows[0];
  }

  async markDone(ids: string[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await markEventsDone.execute(this.db, ids, now);
  }

  /** A failed attempt: try again at `retryAt`, or give up ('dead') when `dead` is set. */
  async markFailed(id: string, options: { attempts: number; retryAt: number; error: string; dead: boolean }): Promise<void> {
    await this.db
      .updateTable('event_outbox')
      .set({ attempts: options.attempts, available_at: options.retryAt, claimed_until: null, last_error: options.error, status: options.dead ? 'dead' : 'pending' })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Gives back events taken but not tried (their key stopped at an earlier failure). */
  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('event_outbox').set({ claimed_until: null }).where('id', 'in', ids).where('status', '=', 'pending').execute();
  }

  /** Delivered rows are kept a day for inspection, then dropped. */
  async dropDelivered(now: number): Promise<void> {
    await this.db.deleteFrom('event_outbox').where('status', '=', 'done').where('delivered_at', '<', now - DAY_MS).execute();
  }

  async counts(): Promise<Record<string, number>> {
    const rows = await this.db.selectFrom('event_outbox').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  }
}
