import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import { AppError, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { isAccepted, sniffContentType, type SniffedType, type UploadKind } from './content-sniffing.js';
import { sanitiseFileName } from './file-names.js';
import type { FileStore } from './file-store.js';
import type { UploadsTable, UploadsTables } from './uploads.tables.js';

/** Which rule an upload broke, so that each caller can answer with its own message. */
export type UploadRejectReason = 'format' | 'size' | 'empty';

/**
 * An upload refused for its content: a 400 VALIDATION naming the form field. `reason` says which
 * rule failed; the accounts feature, for one, answers a bad logo with "Company Logo Image is not
 * valid" whatever the reason.
 */
export class UploadRejected extends AppError {
  declare readonly field: string;

  constructor(
    field: string,
    readonly reason: UploadRejectReason,
  ) {
    super('VALIDATION', field, `upload refused (${reason})`);
    this.name = 'UploadRejected';
  }
}

/** Who asks for a file: the request's auth context will do. */
export interface UploadRequester {
  userId: string;
  userType: string;
}

/** An upload's metadata, as other modules see it. */
export interface UploadInfo {
  id: string;
  ownerId: string;
  purpose: string;
  contentType: SniffedType;
  sizeBytes: number;
  sha256: string;
  /** Sanitised, with an extension that matches contentType. */
  originalName: string;
  createdAt: number;
}

export interface SavedUpload {
  id: string;
  contentType: SniffedType;
  sizeBytes: number;
}

export interface SaveUploadOptions<DB extends UploadsTables = UploadsTables> {
  ownerId: string;
  /** What the file is for: 'company-logo', 'company-document', 'store-logo', 'product-image', 'certificate-evidence', … */
  purpose: string;
  data: Buffer;
  /** The client's file name; only sanitised and kept for Content-Disposition. */
  originalName?: string | undefined;
  /** The kinds of file this purpose takes; anything else is refused with reason 'format'. */
  accept: readonly UploadKind[];
  /** Largest size allowed, in bytes; larger is refused with reason 'size'. */
  maxBytes: number;
  /** The form field the file came in, named by the error. Default 'file'. */
  field?: string;
  /**
   * The caller's open transaction, when the row must commit or roll back with the caller's own
   * writes. Pass it whenever you are inside a transaction: on SQLite a second connection would wait
   * for yours forever. (A rolled-back row leaves its bytes behind in the store; call `delete` first
   * if you can, or accept an orphan file.)
   */
  trx?: Transaction<DB> | undefined;
  /** Served to anyone (catalog images, certificate evidence); private to owner and team otherwise. */
  public?: boolean;
}

const PURPOSE = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * Uploaded files: checked by content (magic bytes) and size, stored in the file store, described by
 * one row each, and readable only by their owner and the store team.
 *
 * Takes any Kysely whose database includes UploadsTables (the app's `Kysely<Database>`); `DB` only
 * types the constructor, so every `UploadsService<…>` is the same type to its callers.
 */
export class UploadsService<DB extends UploadsTables = UploadsTables> {
  private readonly db: Kysely<UploadsTables>;
  private readonly store: FileStore;

  constructor(options: { db: Kysely<DB>; store: FileStore }) {
    // Kysely<DB> is invariant in DB; the uploads table is the same in both, so the view is safe.
    this.db = options.db as unknown as Kysely<UploadsTables>;
    this.store = options.store;
  }

  /**
   * Checks and keeps a file. Refuses (UploadRejected, nothing stored) an empty file, one larger than
   * `maxBytes`, or one whose bytes are not of an accepted kind, whatever its name says.
   */
  async save<T extends UploadsTables>(options: SaveUploadOptions<T>): Promise<SavedUpload> {
    const field = options.field ?? 'file';
    if (!PURPOSE.test(options.purpose)) throw new Error(`invalid upload purpose ${JSON.stringify(options.purpose)}`);
    if (options.data.length === 0) throw new UploadRejected(field, 'empty');
    if (options.data.length > options.maxBytes) throw new UploadRejected(field, 'size');
    const contentType = sniffContentType(options.data);
    if (!isAccepted(contentType, options.accept)) throw new UploadRejected(field, 'format');

    const id = newId();
    const row: UploadsTable = {
      id,
      owner_user_id: options.ownerId,
      purpose: options.purpose,
      content_type: contentType,
      size_bytes: options.data.length,
      sha256: createHash('sha256').update(options.data).digest('hex'),
      // The key is ours alone: nothing the client sent goes into a key or a path.
      storage_key: id,
      original_name: sanitiseFileName(options.originalName, contentType),
      created_at: Date.now(),
      public: options.public ? 1 : 0,
    };
    // Bytes first, then the row: a row never points at bytes that are not there.
    await this.store.put(row.storage_key, options.data, contentType);
    try {
      const db = (options.trx as Transaction<UploadsTables> | undefined) ?? this.db;
      await db.insertInto('uploads').values(row).execute();
    } catch (error) {
      await this.store.delete(row.storage_key).catch(() => undefined);
      throw error;
    }
    return { id, contentType, sizeBytes: row.size_bytes };
  }

  /** An upload's metadata, for its owner or the store team; NotFound for anyone else. */
  async get(options: { id: string; requester: UploadRequester }): Promise<UploadInfo> {
    return toInfo(await this.findVisible(options));
  }

  /** An upload's metadata and bytes, for its owner or the store team; NotFound for anyone else. */
  async open(options: { id: string; requester: UploadRequester }): Promise<UploadInfo & { stream: Readable }> {
    const row = await this.findVisible(options);
    const stream = await this.store.get(row.storage_key);
    return { ...toInfo(row), stream };
  }

  /** Deletes an upload (row, then bytes), for its owner or the store team; NotFound for anyone else. */
  async delete(options: { id: string; requester: UploadRequester }): Promise<void> {
    const row = await this.findVisible(options);
    await this.db.deleteFrom('uploads').where('id', '=', row.id).execute();
    await this.store.delete(row.storage_key);
  }

  /**
   * A public upload's metadata (catalog images, certificate evidence), for anyone; NotFound for a
   * private or unknown id alike. `withBytes` also opens its bytes (HEAD answers without them).
   */
  async openPublic(options: { id: string; withBytes: boolean }): Promise<UploadInfo & { stream: Readable | null }> {
    const row = await this.db.selectFrom('uploads').selectAll().where('id', '=', options.id).where('public', '=', 1).executeTakeFirst();
    if (!row) throw NotFound();
    return { ...toInfo(row), stream: options.withBytes ? await this.store.get(row.storage_key) : null };
  }

  /** Whether someone else may see it is not revealed: a stranger's upload is as missing as none. */
  private async findVisible(options: { id: string; requester: UploadRequester }): Promise<UploadsTable> {
    const row = await this.db.selectFrom('uploads').selectAll().where('id', '=', options.id).executeTakeFirst();
    const { userId, userType } = options.requester;
    if (!row || (row.owner_user_id !== userId && userType !== 'team')) throw NotFound();
    return row;
  }
}

function toInfo(row: UploadsTable): UploadInfo {
  return {
    id: row.id,
    ownerId: row.owner_user_id,
    purpose: row.purpose,
    contentType: row.content_type as SniffedType,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    originalName: row.original_name,
    createdAt: Number(row.created_at),
  };
}

/** The path that serves an upload (GET /v1/uploads/:id), for other modules' responses. */
export const uploadPath = (id: string): string => `/v1/uploads/${encodeURIComponent(id)}`;

/** Where a public upload is served to anyone (GET /media/:id): catalog images and certificate evidence. */
export const publicMediaPath = (id: string): string => `/media/${encodeURIComponent(id)}`;
