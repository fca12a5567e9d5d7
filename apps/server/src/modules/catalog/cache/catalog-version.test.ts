import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/schema.js';
import { createPostgresCatalogVersion, createRedisCatalogVersion } from './catalog-version.js';

// bump() runs after the change has committed: a transport that fails or hangs while telling the other
// instances must not turn the writer's answer into an error (it was a 500), and the others must still
// hear of the change once the transport is back.

// Neither test needs the suite's database: the PostgreSQL one talks to a port nobody answers at, and
// Redis's pause holds every client of a server, so the Redis one pauses a server of its own, started
// from the machine's redis-server binary (installed wherever scale mode's tests run).
const redisBinary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => existsSync(file));

async function ownRedis(): Promise<{ url: string; stop: () => void }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = spawn(redisBinary!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      probe.disconnect();
      return { url, stop: () => server.kill() };
    } catch (error) {
      probe.disconnect();
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function recordingLog() {
  const warnings: string[] = [];
  const log = {
    warn: (_: unknown, message: string) => warnings.push(message),
    info() {},
    error() {},
    debug() {},
    trace() {},
    fatal() {},
    child: () => log,
    level: 'warn',
    silent() {},
  };
  return { log: log as unknown as FastifyBaseLogger, warnings };
}

describe('the catalog version told through PostgreSQL', () => {
  it('a bump whose NOTIFY fails still resolves, advances this instance and says why in the log', async () => {
    // A database nobody answers at: every statement is refused.
    const unreachable = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/test', connectionTimeoutMillis: 200 }) }),
    });
    const { log, warnings } = recordingLog();
    const version = await createPostgresCatalogVersion({ databaseUrl: undefined, db: unreachable, log, channel: `test_${randomUUID().slice(0, 8)}` });
    const before = version.current();
    await expect(version.bump()).resolves.toBeUndefined();
    expect(version.current()).toBe(before + 1);
    expect(warnings).toContain('could not tell the other instances that the catalog changed; retrying');
    await version.close();
    await unreachable.destroy();
  });
});

describe.runIf(redisBinary)('the catalog version told through Redis', () => {
  it('a bump while Redis holds writes answers before Redis lets the message through, and the other instance hears it afterwards', async () => {
    const redis = await ownRedis();
    const redisServer = redis.url;
    const channel = `test_catalog_${randomUUID()}`;
    const writer = await createRedisCatalogVersion({ redisUrl: redisServer, log: recordingLog().log, channel });
    const reader = await createRedisCatalogVersion({ redisUrl: redisServer, log: recordingLog().log, channel });
    const admin = new Redis(redisServer);
    try {
      const seen = reader.current();
      // Redis holds every write command (PUBLISH included) of every client for 5 s.
      const pause = 5000;
      await admin.call('CLIENT', 'PAUSE', String(pause), 'WRITE');
      const started = Date.now();
      await writer.bump();
      // The writer was answered while Redis still held the message (a bump that waited for it took
      // the whole pause), and nobody has heard it yet.
      expect(Date.now() - started).toBeLessThan(pause - 1000);
      expect(reader.current()).toBe(seen);
      expect(await reader.changed!(seen, 10_000)).toBe(true);
    } finally {
      await admin.call('CLIENT', 'UNPAUSE');
      admin.disconnect();
      await writer.close();
      await reader.close();
      redis.stop();
    }
  });
});
