import type { Migration } from 'kysely';
import { foundation } from './001_foundation.js';
import { accounts } from './002_accounts.js';
import { notifications } from './003_notifications.js';
import { uploads } from './004_uploads.js';
import { catalog } from './005_catalog.js';
import { search } from './006_search.js';
import { listing } from './007_listing.js';

/** Forward-only migrations, applied in name order on SQLite and PostgreSQL alike. */
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_accounts': accounts,
  '003_notifications': notifications,
  '004_uploads': uploads,
  '005_catalog': catalog,
  '006_search': search,
  '007_listing': listing,
};
