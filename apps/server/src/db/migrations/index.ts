import type { Migration } from 'kysely';
import { foundation } from './001_foundation.js';

/** Forward-only migrations, applied in name order on SQLite and PostgreSQL alike. */
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
};
