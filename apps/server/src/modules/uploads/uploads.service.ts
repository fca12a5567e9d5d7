import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import { UPLOAD_RULES, type UploadPurpose, type UploadRule, type ValidationMessageKey } from '@tessera/contracts';
import { AppError, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { isAccepted, sniffContentType, type SniffedType, type UploadKind } from './content-sniffing.js';
import { sanitiseFileName } from './file-names.js';
import type { FileStore } from './file-store.js';
import { ImageRefused, reencodeImage } from './image-reencode.js';
import { isSafePdf } from './pdf-check.js';
import type { UploadsTable, UploadsTables } from './uploads.tables.js';

/**
 * Which rule an upload broke, so that each caller can answer with its own message: not an accepted
 * kind or not decodable ('format'), too large ('size'), empty, a picture of more pixels than
 * allowed ('pixels'), or a PDF that does not parse or carries active content ('pdf').
 */
export type UploadRejectReason = 'format' | 'size' | 'empty' | 'pixels' | 'pdf';

/**
 * An upload refused for its content: a 400 VALIDATION naming the form field.
 * `reason` says which rule failed; `messageKey`, when given, is the translated text the answer
 * carries (the accounts feature answers a bad logo with "Company Logo Image is not valid").
 */
export class UploadRejected extends AppError {
  declare readonly field: string;

  constructor(
    field: string,
    readonly reason: UploadRejectReason,
    messageKey?: ValidationMessageKey,
  ) {
    super('VALIDATION', field, `upload refused (${reason})`, messageKey);
    this.name = 'UploadRejected';
  }
}

/**
 * What an upload belongs to, when it is public only while that is public: a product's pictures and
 * certificate evidence ('product'), a store's logo ('store'). The module that owns the subject
 * says whether it is public now (UploadsService.registerSubject).
 */
export interface UploadSubject {
  kind: string;
  id: string;
}

/** Whether a subject (a product, a store) is public now; registered by the module that owns it. */
export type SubjectVisibility = (subjectId: string) => Promise<boolean>;

export interface SaveCheckedFileOptions<DB extends UploadsTables = UploadsTables> {
  ownerId: string;
  /** Decides the kinds, size and picture limits (UPLOAD_RULES). */
  purpose: UploadPurpose;
  data: Buffer;
  originalName?: string | undefined;
  /** The form field, named by the error. */
  field: string;
  /** The answer to a file that is not an accepted kind; default 'Image format is not valid'. */
  invalidMessage?: ValidationMessageKey;
  subject?: UploadSubject | undefined;
  public?: boolean;
  trx?: Transaction<DB> | undefined;
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
  /** Served to anyone, always (the team's catalog images); otherwise see `subject`. */
  public?: boolean;
  /** Served to anyone while this subject is public; to its owner and the team only otherwise. */
  subject?: UploadSubject | undefined;
}

/** Who may read a file served at /media/:id, and so how long others may cache it. */
export type MediaAudience = 'always-public' | 'public-now' | 'private';

const PURPOSE = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * Uploaded files: checked by content (magic bytes) and size, pictures re-encoded and PDFs checked by
 * structure (saveChecked), stored in the file store, described by one row each, and readable only
 * by their owner and the store team until the content they belong to is public.
 *
 * Takes any Kysely whose database includes UploadsTables (the app's `Kysely<Database>`); `DB` only
 * types the constructor, so every `UploadsService<…>` is the same type to its callers.
 */
export class UploadsService<DB extends UploadsTables = UploadsTables> {
  private readonly db: Kysely<UploadsTables>;
  private readonly store: FileStore;
  private readonly subjects = new Map<string, SubjectVisibility>();

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
      subject_kind: options.subject?.kind ?? null,
      subject_id: options.subject?.id ?? null,
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

  /**
   * Checks a file by the rules of its purpose (UPLOAD_RULES) and keeps what is safe to serve:
   * every picture is decoded and written anew as WebP (nothing the sender added survives; more
   * pixels than UPLOAD_MAX_PIXELS are refused from the header, before decoding), and a PDF is kept
   * only when it parses and carries no scripts, actions or attached files. Refusals are
   * UploadRejected naming `field`; nothing is stored then.
   */
  async saveChecked<T extends UploadsTables>(options: SaveCheckedFileOptions<T>): Promise<SavedUpload> {
    const rule: UploadRule = UPLOAD_RULES[options.purpose];
    const { field } = options;
    const invalid = options.invalidMessage ?? 'IMAGE_FORMAT_INVALID';
    if (options.data.length === 0) throw new UploadRejected(field, 'empty', invalid);
    if (options.data.length > rule.maxBytes) throw new UploadRejected(field, 'size');
    const type = sniffContentType(options.data);
    let data: Buffer;
    if (rule.kinds.includes('image') && isAccepted(type, ['image']) && (rule.gif || type !== 'image/gif')) {
      try {
        data = await reencodeImage({ data: options.data, maxDimension: rule.maxDimension });
      } catch (error) {
        if (error instanceof ImageRefused) throw new UploadRejected(field, error.reason, error.reason === 'pixels' ? 'IMAGE_TOO_MANY_PIXELS' : invalid);
        throw error;
      }
    } else if (rule.kinds.includes('pdf') && type === 'application/pdf') {
      if (!(await isSafePdf(options.data))) throw new UploadRejected(field, 'pdf', 'PDF_NOT_ACCEPTED');
      data = options.data;
    } else {
      throw new UploadRejected(field, 'format', invalid);
    }
    return this.save({
      ownerId: options.ownerId,
      purpose: options.purpose,
      data,
      originalName: options.originalName,
      accept: rule.kinds,
      // Checked above as sent; a re-encoded picture may differ a little in size either way.
      maxBytes: Math.max(rule.maxBytes, data.length),
      field,
      trx: options.trx,
      public: options.public,
      subject: options.subject,
    });
  }

  /**
   * Lets a module say when the files of its subjects are public (a product: published by an
   * approved store). A file with a subject of an unregistered kind is never public.
   */
  registerSubject(kind: string, isPublic: SubjectVisibility): void {
    if (this.subjects.has(kind)) throw new Error(`upload subject ${kind} registered twice`);
    this.subjects.set(kind, isPublic);
  }

  /**
   * A file for /media/:id: served to anyone when it is always public or its subject is public now;
   * otherwise only to its owner or the team, whom `requester` resolves lazily (the public files,
   * which are most, need no token check). NotFound for anyone else, as for an unknown id.
   */
  async openMedia(options: {
    id: string;
    withBytes: boolean;
    requester: () => Promise<UploadRequester | null>;
  }): Promise<UploadInfo & { stream: Readable | null; audience: MediaAudience }> {
    const row = await this.db.selectFrom('uploads').selectAll().where('id', '=', options.id).executeTakeFirst();
    if (!row) throw NotFound();
    let audience: MediaAudience;
    if (Number(row.public) === 1) audience = 'always-public';
    else if (await this.subjectIsPublic(row)) audience = 'public-now';
    else {
      const requester = await options.requester();
      if (!requester || (requester.userId !== row.owner_user_id && requester.userType !== 'team')) throw NotFound();
      audience = 'private';
    }
    return { ...toInfo(row), audience, stream: options.withBytes ? await this.store.get(row.storage_key) : null };
  }

  private async subjectIsPublic(row: UploadsTable): Promise<boolean> {
    if (!row.subject_kind || !row.subject_id) return false;
    const isPublic = this.subjects.get(row.subject_kind);
    return isPublic ? isPublic(row.subject_id) : false;
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

/** Where a catalog file is served (GET /media/:id): to anyone once public, to its owner and the team before. */
export const publicMediaPath = (id: string): string => `/media/${encodeURIComponent(id)}`;
