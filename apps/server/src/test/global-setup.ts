import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** SQLite: a migrated database file that each test file copies. */
    sqliteTemplate: string;
    /** PostgreSQL: a migrated database that each test file clones with CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string;
  }
}

/** Migrates one template database per run, so each test file starts from a fresh copy in milliseconds. */
export default async function setup(project: TestProject) {
  // globalSetup runs in Vitest's main process, where a project's `env` is not applied: read it
  // from the project's own configuration.
  const dialect = project.config.env?.TEST_DIALECT ?? process.env.TEST_DIALECT ?? 'sqlite';
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
    const name = `tessera_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const templateUrl = withDatabase(url, name);
    const db = openDatabase({ databaseUrl: templateUrl, sqliteFile: '', poolSize: 1 });
    await migrateToLatest(db.kysely);
    await db.close();
    project.provide('postgresTemplate', name);
    project.provide('sqliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-test-'));
  const file = path.join(dir, 'template.db');
  const db = openDatabase({ databaseUrl: undefined, sqliteFile: file });
  await migrateToLatest(db.kysely);
  await db.close();
  project.provide('sqliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
