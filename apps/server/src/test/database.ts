import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Db } from '../db/database.js';
import { withDatabase } from './global-setup.js';

export interface TestDatabase {
  db: Db;
  /** The PostgreSQL URL of this database, or undefined on SQLite. */
  url: string | undefined;
  /** The SQLite file of this database, or undefined on PostgreSQL. */
  file: string | undefined;
  /** Closes and deletes the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated database of the dialect under test, copied from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('postgresTemplate');
  if (template) return createPostgresDatabase(template);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-db-'));
  const file = path.join(dir, 'test.db');
  fs.copyFileSync(inject('sqliteTemplate'), file);
  const db = openDatabase({ databaseUrl: undefined, sqliteFile: file });
  return {
    db,
    url: undefined,
    file,
    drop: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(template: string): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `tessera_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // Two files cloning the template at the same moment collide ("being accessed by other users"):
  // wait a little and try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
  await admin.end();
  const url = withDatabase(serverUrl, name);
  // Dropping the database terminates connections that a request finishing in the background may
  // still hold; the pool must shrug that off as the server's does.
  const db = openDatabase({ databaseUrl: url, sqliteFile: '', poolSize: 5, onConnectionError: () => undefined });
  return {
    db,
    url,
    file: undefined,
    drop: async () => {
      await db.close();
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}
