import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { migrateToLatest } from '../../db/database.js';
import { EventsService, type EventsServiceOptions, type OutboxEvent } from './index.js';

const log = pino({ level: 'silent' });
let database: TestDatabase;
const dispatchers: EventsService[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.db.kysely);
});
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
});
afterAll(async () => {
  await database.drop();
});

function dispatcher(options: Partial<EventsServiceOptions> = {}): EventsService {
  const events = new EventsService({ db: database.db.kysely, dialect: database.db.dialect, log, pollIntervalMs: 20, backoffMs: () => 30, ...options });
  dispatchers.push(events);
  return events;
}

/** Resolves once `done()` holds, checking every few milliseconds (fails after 5 s). */
async function eventually(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 10) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not met within 5 s');
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2)}`;

describe('events outbox', () => {
  it('delivers a committed event once, after commit, and never one whose transaction rolled back', async () => {
    const events = dispatcher();
    const kind = unique('test.commit');
    const seen: OutboxEvent<{ n: number }>[] = [];
    events.on<{ n: number }>(kind, async (event) => {
      seen.push(event);
    });
    events.start();
    await expect(
      database.db.kysely.transaction().execute(async (trx) => {
        await events.enqueue(trx, { kind, payload: { n: 1 } });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await events.commit(async (trx) => {
      await events.enqueue(trx, { kind, payload: { n: 2 }, key: 'order-1' });
    });
    await eventually(() => seen.length === 1);
    await events.settle();
    expect(seen.map((event) => event.payload)).toEqual([{ n: 2 }]);
    expect(seen[0]).toMatchObject({ kind, key: 'order-1', attempts: 0 });
  });

  it('retries a failing handler with backoff while later events of its key wait and other keys go on', async () => {
    const events = dispatcher();
    const kind = unique('test.retry');
    const order: string[] = [];
    let failuresLeft = 2;
    events.on<{ step: string }>(kind, async (event) => {
      if (event.payload.step === 'a1' && failuresLeft > 0) {
        failuresLeft--;
        throw new Error('the broker is away');
      }
      order.push(event.payload.step);
    });
    await events.commit(async (trx) => {
      await events.enqueue(trx, { kind, key: 'a', payload: { step: 'a1' } });
      await events.enqueue(trx, { kind, key: 'a', payload: { step: 'a2' } });
      await events.enqueue(trx, { kind, key: 'b', payload: { step: 'b1' } });
    });
    events.start();
    await eventually(() => order.includes('a2'));
    // b1 was not held up by a's failures; a2 came only after a1 finally succeeded.
    expect(order.indexOf('b1')).toBeLessThan(order.indexOf('a1'));
    expect(order.indexOf('a1')).toBeLessThan(order.indexOf('a2'));
    expect(order.filter((step) => step === 'a1')).toHaveLength(1);
  });

  it('gives an event up as dead after its last attempt, and its key goes on', async () => {
    const events = dispatcher({ maxAttempts: 3 });
    const kind = unique('test.dead');
    const delivered: string[] = [];
    let tries = 0;
    events.on<{ step: string }>(kind, async (event) => {
      if (event.payload.step === 'poison') {
        tries++;
        throw new Error('always fails');
      }
      delivered.push(event.payload.step);
    });
    await events.commit(async (trx) => {
      await events.enqueue(trx, { kind, key: 'k', payload: { step: 'poison' } });
      await events.enqueue(trx, { kind, key: 'k', payload: { step: 'after' } });
    });
    events.start();
    await eventually(() => delivered.includes('after'));
    expect(tries).toBe(3);
    const dead = await database.db.kysely.selectFrom('event_outbox').select(['status', 'attempts', 'last_error']).where('kind', '=', kind).where('status', '=', 'dead').execute();
    expect(dead).toEqual([{ status: 'dead', attempts: 3, last_error: 'always fails' }]);
  });

  it('delivers an event committed while another is being delivered at once, and the next event of a key right after its earlier one', async () => {
    // No poll to fall back on: only the commits' nudges move events here.
    const events = dispatcher({ pollIntervalMs: 60_000 });
    const kind = unique('test.overlap');
    const delivered: string[] = [];
    let releaseSlow: () => void = () => undefined;
    events.on<{ step: string }>(kind, async (event) => {
      if (event.payload.step === 'a1') await new Promise<void>((resolve) => (releaseSlow = resolve));
      delivered.push(event.payload.step);
    });
    events.start();
    await events.commit(async (trx) => {
      await events.enqueue(trx, { kind, key: 'a', payload: { step: 'a1' } });
    });
    await eventually(async () => (await database.db.kysely.selectFrom('event_outbox').select('claimed_until').where('kind', '=', kind).executeTakeFirstOrThrow()).claimed_until !== null);
    await events.commit(async (trx) => {
      await events.enqueue(trx, { kind, key: 'b', payload: { step: 'b1' } });
      await events.enqueue(trx, { kind, key: 'a', payload: { step: 'a2' } });
    });
    // b1 does not wait for a1's slow delivery; a2 does.
    await eventually(() => delivered.includes('b1'));
    expect(delivered).toEqual(['b1']);
    releaseSlow();
    await eventually(() => delivered.includes('a2'));
    expect(delivered).toEqual(['b1', 'a1', 'a2']);
  });

  it('two dispatchers on one database deliver each event exactly once, and each key in order', async () => {
    const kind = unique('test.pair');
    const first = dispatcher({ batchSize: 7 });
    const second = dispatcher({ batchSize: 7 });
    const seen = new Map<number, number>();
    const byKey = new Map<string, number[]>();
    const handler = async (event: OutboxEvent<{ n: number }>) => {
      seen.set(event.payload.n, (seen.get(event.payload.n) ?? 0) + 1);
      if (event.key) byKey.set(event.key, [...(byKey.get(event.key) ?? []), event.payload.n]);
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    first.on(kind, handler);
    second.on(kind, handler);
    first.start();
    second.start();
    for (let batch = 0; batch < 10; batch++) {
      await first.commit(async (trx) => {
        for (let n = batch * 20; n < batch * 20 + 20; n++) await first.enqueue(trx, { kind, key: n % 3 === 0 ? null : `k${n % 5}`, payload: { n } });
      });
      second.nudge();
    }
    await eventually(() => seen.size === 200);
    await Promise.all([first.settle(), second.settle()]);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    for (const [key, delivered] of byKey) expect(delivered, key).toEqual([...delivered].sort((a, b) => a - b));
  });

  it('delivers events written held (commit with hold) once, in order per key, behind an earlier event of the key waiting for a retry', async () => {
    const kind = unique('test.hold');
    const first = dispatcher();
    const second = dispatcher();
    const order: string[] = [];
    let failuresLeft = 1;
    const handler = async (event: OutboxEvent<{ step: string }>) => {
      if (event.payload.step === 'k1' && failuresLeft > 0) {
        failuresLeft--;
        throw new Error('the broker is away');
      }
      order.push(event.payload.step);
    };
    first.on(kind, handler);
    second.on(kind, handler);
    first.start();
    second.start();
    // k1 fails once and waits for its retry; k2, written held, must not overtake it.
    await first.commit(async (trx) => {
      await first.enqueue(trx, { kind, key: 'k', payload: { step: 'k1' } });
    });
    await eventually(async () => (await database.db.kysely.selectFrom('event_outbox').select('attempts').where('kind', '=', kind).executeTakeFirstOrThrow()).attempts === 1);
    await first.commit(
      async (trx) => {
        await first.enqueue(trx, { kind, key: 'k', payload: { step: 'k2' } });
        await first.enqueue(trx, { kind, payload: { step: 'free' } });
      },
      { hold: true },
    );
    for (let n = 3; n <= 6; n++)
      await first.commit(
        async (trx) => {
          await first.enqueue(trx, { kind, key: 'k', payload: { step: `k${n}` } });
        },
        { hold: true },
      );
    await eventually(() => order.length === 7);
    await Promise.all([first.settle(), second.settle()]);
    expect(order.filter((step) => step !== 'free')).toEqual(['k1', 'k2', 'k3', 'k4', 'k5', 'k6']);
    expect(order.filter((step) => step === 'free')).toHaveLength(1);
    const rows = await database.db.kysely.selectFrom('event_outbox').select(['status']).where('kind', '=', kind).execute();
    expect(rows.map((row) => row.status)).toEqual(Array(7).fill('done'));
  });

  it('events of a key born in their transaction (newKey), written held, go in order without a look at the outbox; a failed one keeps the later ones behind it', async () => {
    const kind = unique('test.newkey');
    const first = dispatcher();
    const order: string[] = [];
    let failuresLeft = 1;
    first.on(kind, async (event: OutboxEvent<{ step: string }>) => {
      if (event.payload.step === 'b1' && failuresLeft > 0) {
        failuresLeft--;
        throw new Error('the broker is away');
      }
      order.push(event.payload.step);
    });
    first.start();
    // Key a: both delivered at once, in order. Key b: b1 fails once; b2 and b3 wait for its retry.
    await first.commit(
      async (trx) => {
        for (const step of ['a1', 'a2', 'b1', 'b2', 'b3']) await first.enqueue(trx, { kind, key: `${step[0]}-${kind}`, payload: { step }, newKey: true });
      },
      { hold: true },
    );
    await eventually(() => order.length === 5);
    await first.settle();
    expect(order.filter((step) => step.startsWith('a'))).toEqual(['a1', 'a2']);
    expect(order.filter((step) => step.startsWith('b'))).toEqual(['b1', 'b2', 'b3']);
    const rows = await database.db.kysely.selectFrom('event_outbox').select(['status', 'attempts']).where('kind', '=', kind).orderBy('id').execute();
    expect(rows).toEqual([
      { status: 'done', attempts: 0 },
      { status: 'done', attempts: 0 },
      { status: 'done', attempts: 1 },
      { status: 'done', attempts: 0 },
      { status: 'done', attempts: 0 },
    ]);
  });

  it('an event held by a dispatcher that died is taken over once its lease runs out', async () => {
    const kind = unique('test.lease');
    let release: () => void = () => undefined;
    const crashed = dispatcher({ leaseMs: 150 });
    // The first dispatcher takes the event and never finishes: the process died mid-delivery.
    crashed.on(kind, () => new Promise<void>((resolve) => (release = resolve)));
    await crashed.commit(async (trx) => {
      await crashed.enqueue(trx, { kind, payload: { n: 1 } });
    });
    crashed.start();
    await eventually(async () => (await database.db.kysely.selectFrom('event_outbox').select('claimed_until').where('kind', '=', kind).executeTakeFirstOrThrow()).claimed_until !== null);
    // It never comes back (its round never ends, so it is not awaited).
    void crashed.stop();
    dispatchers.splice(dispatchers.indexOf(crashed), 1);
    const survivor = dispatcher();
    const seen: unknown[] = [];
    survivor.on(kind, async (event) => {
      seen.push(event.payload);
    });
    survivor.start();
    await eventually(() => seen.length === 1);
    release();
    // Marked done after its handler returned: wait for it (it raced the handler's return on PostgreSQL).
    await eventually(async () => (await database.db.kysely.selectFrom('event_outbox').select(['status']).where('kind', '=', kind).executeTakeFirstOrThrow()).status === 'done');
    expect(seen).toHaveLength(1);
  });
});
