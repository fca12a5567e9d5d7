import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Db } from '../db/database.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/**
 * Where the server processes of a kill test (./server-process.ts) keep their data, the same across a
 * crash and a restart: a temporary data directory, where a server on SQLite makes its file, and, when
 * the tests run on PostgreSQL, a migrated empty database of its own (the server seeds the demo into it
 * as into a fresh SQLite file). Registers the suite's beforeAll that creates it and afterAll that
 * drops it; call it inside the describe block.
 */
export function serverData(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tessera-${name}-`));
  const sqliteFile = path.join(dataDir, 'tessera.db');
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (process.env.TEST_DIALECT === 'postgres') database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    sqliteFile,
    /** What a server process needs to find the data: DATA_DIR, and DATABASE_URL on PostgreSQL. */
    env: (): Record<string, string> => ({ DATA_DIR: dataDir, ...(database?.url ? { DATABASE_URL: database.url } : {}) }),
    /** The PostgreSQL database's URL; undefined on SQLite. */
    databaseUrl: (): string | undefined => database?.url,
    /** The test's own connection to what the servers wrote; `close` closes only what it opened. */
    open(): { db: Db; close(): Promise<void> } {
      if (database) return { db: database.db, close: async () => undefined };
      const db = openDatabase({ databaseUrl: undefined, sqliteFile, poolSize: 1 });
      return { db, close: () => db.close() };
    },
  };
}

/**
 * JSON requests to a server process: `call(method, path, body?, token?)` answers the status and the
 * parsed body ({} when there is none). `base` is read at each call: a restarted server has a new port.
 */
export function jsonCaller(base: () => string) {
  return async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${base()}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads into the answers freely
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, any> };
  };
}
