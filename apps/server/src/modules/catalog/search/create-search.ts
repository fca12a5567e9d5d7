import type { Db } from '../../../db/database.js';
import { PostgresSearch } from './postgres-search.js';
import type { SearchPort } from './search.port.js';
import { SqliteSearch } from './sqlite-search.js';

/** The search adapter for the deployment's database: FTS5 on SQLite, tsvector + pg_trgm on PostgreSQL. */
export function createSearch(db: Db, options: { rankedMax?: number } = {}): SearchPort {
  return db.dialect === 'postgres' ? new PostgresSearch(db.kysely, options) : new SqliteSearch(db.kysely, options);
}
