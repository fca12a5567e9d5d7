import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import type { UploadRequester, UploadsService } from '../../uploads/index.js';
import type { CatalogVersion } from '../cache/index.js';
import type { SearchPort } from '../search/index.js';

/** What every editor needs: the database, the uploads for images, the version to bump, the search to reindex. */
export interface AdminCatalogDeps {
  db: Kysely<Database>;
  uploads: UploadsService;
  version: CatalogVersion;
  search: SearchPort;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
type Texts = Record<string, string>;
/** The tables whose rows have a unique slug. */
type SlugTable = 'categories' | 'brands' | 'specialities';

/** Runs a write in a transaction, then bumps the catalog version so that buyers' read caches see it at once. */
export async function committed<T>(deps: AdminCatalogDeps, work: (trx: Trx) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction().execute(work);
  await deps.version.bump();
  return result;
}

/** A translated text as stored: only the languages that have text. */
export function compact(texts: Partial<Record<string, string | undefined>>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(texts).filter(([, v]) => typeof v === 'string' && v.trim() !== '')));
}

export function parseTexts(json: string): Texts {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as Texts) : {};
  } catch {
    return {};
  }
}

export const englishOf = (json: string): string => {
  const texts = parseTexts(json);
  return texts.en ?? Object.values(texts)[0] ?? '';
};

interface TreeRow {
  id: string;
  parent_id: string | null;
  sort: number;
  slug?: string;
}

/** Depth first: parents before their children, siblings by sort then by key; rows whose parent is missing count as roots. */
export function depthFirst<T extends TreeRow>(rows: T[]): Array<T & { depth: number }> {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<string | null, T[]>();
  for (const row of rows) {
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const order = (a: T, b: T) => Number(a.sort) - Number(b.sort) || (a.slug ?? '').localeCompare(b.slug ?? '') || a.id.localeCompare(b.id);
  const out: Array<T & { depth: number }> = [];
  const walk = (parent: string | null, depth: number) => {
    for (const row of (children.get(parent) ?? []).sort(order)) {
      out.push({ ...row, depth });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Whether an error is a unique or foreign-key violation of either database. */
export const isConstraintError = (error: unknown): boolean => {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || code === '23505' || code === '23503');
};

export async function uniqueSlug(db: Db, options: { table: SlugTable; slug: string; except?: string }): Promise<void> {
  const row = await db.selectFrom(options.table).select('id').where('slug', '=', options.slug).executeTakeFirst();
  if (row && row.id !== options.except) throw new AppError('SLUG_TAKEN', 'slug');
}

/** The unique index decides a race between two writes of the same slug: the loser gets SLUG_TAKEN. */
export async function guardSlug<T>(db: Db, table: SlugTable, slug: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (slug !== undefined && isConstraintError(error)) {
      const row = await db.selectFrom(table).select('id').where('slug', '=', slug).executeTakeFirst();
      if (row) throw new AppError('SLUG_TAKEN', 'slug');
    }
    throw error;
  }
}

/** Removes a replaced or orphaned image; a failure leaves a stray file, never a failed edit. */
export async function dropUpload(uploads: UploadsService, id: string | null, requester: UploadRequester): Promise<void> {
  if (id) await uploads.delete({ id, requester }).catch(() => undefined);
}
