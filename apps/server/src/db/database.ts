import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationProvider } from 'kysely';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** Resolves when the database answers a trivial query (for /readyz). */
  ping(): Promise<void>;
  /**
   * SQLite only: a value that moves with every row this process inserts, updates or deletes (its
   * connection's `total_changes()`, counted when the statement runs, before any commit or rollback)
   * and with every commit another connection makes to the file (`PRAGMA data_version`). Equal values
   * read twice: no row of the database changed in between. Synchronous, about a microsecond; the
   * priced-cart memo uses it to skip its fingerprint query (docs/orders.md). PostgreSQL has none.
   */
  changeToken?: () => string;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT as a string to be safe past 2^53; our bigints are millisecond times
// and counts, far below that, so read them as numbers on both dialects.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface OpenDatabaseOptions {
  /** A postgres:// URL, or undefined for SQLite. */
  databaseUrl: string | undefined;
  /** The SQLite file when databaseUrl is undefined (":memory:" is allowed). */
  sqliteFile: string;
  /** Most connections the PostgreSQL pool opens. */
  poolSize?: number;
  /** Told when an idle pooled connection fails (the server restarted, the database was dropped). */
  onConnectionError?: (error: Error) => void;
}

export function openDatabase(options: OpenDatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // Without a listener, an idle connection that PostgreSQL terminates (a restart, a failover)
    // is an uncaught exception that takes the whole process down; the pool replaces it instead.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      ping: async () => {
        await sql`select 1`.execute(kysely);
      },
      close: () => kysely.destroy(),
    };
  }
  if (options.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  // WAL lets readers go on while one writer writes; NORMAL sync is durable across process crashes
  // in WAL mode; the busy timeout makes a second connection wait instead of failing at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 64 MiB of page cache (the default is 2 MiB): a catalog's hot pages stay in the process.
  sqlite.pragma('cache_size = -65536');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  const changes = sqlite.prepare('select total_changes()').pluck();
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  return {
    kysely,
    dialect: 'sqlite',
    changeToken: () => `${changes.get() as number}:${dataVersion.get() as number}`,
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}

/**
 * Kysely prepares every query anew; preparing costs more than running a point read. Statements are
 * reusable in better-sqlite3 (Kysely runs each one to completion synchronously), so keep the
 * prepared ones by their SQL text, a bounded number of them.
 */
function cachingStatements(sqlite: SQLite.Database, limit = 1000): SQLite.Database {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== 'prepare') {
        const value: unknown = Reflect.get(target, property, receiver);
        // Native methods need the real database as `this`, not the proxy.
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          statement = prepare(source);
          if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(kysely: Kysely<Database>): Promise<string[]> {
  // Several features land at once with their own migration numbers: a database that already has a
  // later one still takes an earlier one that arrives after it.
  const migrator = new Migrator({ db: kysely, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
