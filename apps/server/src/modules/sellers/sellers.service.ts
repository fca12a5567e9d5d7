import sharp from 'sharp';
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  LANGUAGES,
  STORE_LOGO_MAX_BYTES,
  type Language,
  type TReviewDecision,
  type TSellerSignupRequest,
  type TStore,
  type TStoreUpdate,
} from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { createCursorCodec, isTimeIdPosition, type CursorCodec, type TimeIdPosition } from '../../lib/cursor.js';
import { AppError, InvalidField } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { type AccountsService, uploadUrl } from '../accounts/index.js';
import type { EventsService } from '../events/index.js';
import type { TransactionalNotifier } from '../notifications/index.js';
import { decodeGuarded, ImageRefused, isAccepted, sniffContentType, type UploadsService } from '../uploads/index.js';
import type { StoresTable } from './sellers.tables.js';

type StoreRow = Selectable<StoresTable>;

/**
 * A store's public face changed (name, alias, logo or approval): written in the change's transaction
 * (the events outbox), keyed by the store so its changes are handled in order. The catalog handles
 * it (services.ts): it reindexes the store's products and drops its cached pages (ADR 004).
 */
export const STORE_CHANGED = 'sellers.store-changed';
export interface StoreChanged {
  storeId: string;
}

/** The three logo sizes of seed §3 (logoImageweb, logoImageMobile, logoImageThumb). */
const LOGO_SIZES = { web: 512, mobile: 256, thumb: 100 } as const;

/**
 * Sellers and their stores. A seller signs up with a store, which waits for the store team's
 * approval before it sells; the seller can log in and edit the store meanwhile.
 */
export class SellersService {
  private readonly cursors: CursorCodec<TimeIdPosition>;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      accounts: AccountsService;
      uploads: UploadsService;
      mailer: TransactionalNotifier;
      /** The outbox a store change writes its STORE_CHANGED event to, in the change's transaction. */
      events: EventsService;
      cursorKey: Uint8Array;
    },
  ) {
    this.cursors = createCursorCodec<TimeIdPosition>({ key: deps.cursorKey, purpose: 'seller-queue', field: 'query.cursor' });
    // A store's logo is public once the team has approved the store.
    deps.uploads.registerSubject('store', async (storeId) => {
      const row = await deps.db.selectFrom('stores').select('id').where('id', '=', storeId).where('status', '=', 'approved').executeTakeFirst();
      return row !== undefined;
    });
  }

  /**
   * Commits a change of a store's public face together with its STORE_CHANGED event. The event is
   * held by this process and its delivery awaited, so the store's own next read (its listing, a
   * search) shows the change; a crash after the commit leaves the event for any instance to deliver.
   */
  private commitStoreChange<T>(storeId: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const { events } = this.deps;
    return events.commit(
      async (trx) => {
        const result = await work(trx);
        await events.enqueue(trx, { kind: STORE_CHANGED, key: storeId, payload: { storeId } satisfies StoreChanged });
        return result;
      },
      { hold: true, wait: [STORE_CHANGED] },
    );
  }

  async signUp(options: { input: TSellerSignupRequest; language: Language }): Promise<string> {
    const { input } = options;
    const { db, accounts } = this.deps;
    if (await this.aliasTaken(input.storeAliasName)) throw new AppError('STORE_ALIAS_TAKEN', 'storeAliasName');
    try {
      return await db.transaction().execute(async (trx) => {
        const userId = await accounts.createAccount({
          type: 'seller',
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          countryCode: input.countryCode,
          phone: input.phone,
          password: input.password,
          language: input.language ?? options.language,
          trx,
        });
        const now = Date.now();
        const storeId = newId();
        await trx
          .insertInto('stores')
          .values({
            id: storeId,
            seller_user_id: userId,
            store_name: JSON.stringify({ en: input.storeName }),
            store_alias_name: input.storeAliasName,
            description: JSON.stringify({}),
            logo_web_upload_id: null,
            logo_thumb_upload_id: null,
            logo_mobile_upload_id: null,
            country: input.country,
            city: input.city,
            address: null,
            policies: JSON.stringify({}),
            // A store's chat user has the store's id (modules/chat).
            chat_user_id: storeId,
            status: 'pending',
            rejection_reason: null,
            reviewed_by: null,
            reviewed_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return userId;
      });
    } catch (error) {
      // Taken at the same moment by another signup: the unique indexes decide, and say which.
      if (await this.aliasTaken(input.storeAliasName)) throw new AppError('STORE_ALIAS_TAKEN', 'storeAliasName');
      if (!(error instanceof AppError) && (await accounts.findByEmail({ email: input.email }))) throw new AppError('EMAIL_TAKEN', 'email');
      throw error;
    }
  }

  async getOwnStore(options: { sellerId: string }): Promise<TStore> {
    const row = await this.deps.db.selectFrom('stores').selectAll().where('seller_user_id', '=', options.sellerId).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return toStore(row);
  }

  async updateOwnStore(options: { sellerId: string; changes: TStoreUpdate }): Promise<TStore> {
    const { changes } = options;
    const current = await this.getOwnStore(options);
    if (changes.storeAliasName && changes.storeAliasName !== current.storeAliasName && (await this.aliasTaken(changes.storeAliasName))) {
      throw new AppError('STORE_ALIAS_TAKEN', 'storeAliasName');
    }
    const update = (trx: Transaction<Database>) =>
      trx
        .updateTable('stores')
        .set({
          ...(changes.storeName ? { store_name: JSON.stringify(compact(changes.storeName)) } : {}),
          ...(changes.storeAliasName ? { store_alias_name: changes.storeAliasName } : {}),
          ...(changes.description ? { description: JSON.stringify(compact(changes.description)) } : {}),
          ...(changes.country ? { country: changes.country } : {}),
          ...(changes.city ? { city: changes.city } : {}),
          ...(changes.address !== undefined ? { address: changes.address } : {}),
          ...(changes.policies ? { policies: JSON.stringify(changes.policies) } : {}),
          updated_at: Date.now(),
        })
        .where('id', '=', current.id)
        .execute();
    try {
      // The row and its STORE_CHANGED event commit together: the catalog's reindex is never lost.
      await this.commitStoreChange(current.id, update);
    } catch (error) {
      // Another store took the alias between the check and the update.
      if (changes.storeAliasName && (await this.aliasTaken(changes.storeAliasName))) throw new AppError('STORE_ALIAS_TAKEN', 'storeAliasName');
      throw error;
    }
    return this.getOwnStore(options);
  }

  /**
   * Replaces the store's logo: the image is checked by content, then resized into the web,
   * mobile and thumbnail sizes (WebP, square thumbnail), each stored as an upload of the seller.
   */
  async setLogo(options: { sellerId: string; data: Buffer; filename: string }): Promise<TStore> {
    const store = await this.getOwnStore(options);
    const { uploads } = this.deps;
    // Checked by content first: sharp must never see a file that is not an image we accept.
    if (options.data.length > STORE_LOGO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'logo');
    if (!isAccepted(sniffContentType(options.data), ['image'])) throw InvalidField('logo', 'IMAGE_FORMAT_INVALID');
    const requester = { userId: options.sellerId, userType: 'seller' };
    let rendered: Buffer[];
    try {
      // One decode slot for the three sizes: the pixel limit is read from the header first.
      rendered = await decodeGuarded(options.data, (maxPixels) => {
        const render = (size: number, square: boolean) =>
          sharp(options.data, { limitInputPixels: maxPixels, failOn: 'error' })
            .autoOrient()
            .resize(size, size, { fit: square ? 'cover' : 'inside', withoutEnlargement: !square })
            .webp({ quality: 82 })
            .toBuffer();
        return Promise.all([render(LOGO_SIZES.web, false), render(LOGO_SIZES.mobile, false), render(LOGO_SIZES.thumb, true)]);
      });
    } catch (error) {
      // The bytes looked like an image but do not decode as one, or hold too many pixels.
      if (error instanceof ImageRefused) throw InvalidField('logo', error.reason === 'pixels' ? 'IMAGE_TOO_MANY_PIXELS' : 'IMAGE_FORMAT_INVALID');
      throw error;
    }
    // Only the re-encoded sizes are kept, public while the store is approved; the original never is.
    const save = (data: Buffer, name: string) =>
      uploads.save({ ownerId: options.sellerId, purpose: 'store-logo', data, originalName: name, accept: ['image'], maxBytes: STORE_LOGO_MAX_BYTES, subject: { kind: 'store', id: store.id } });
    const [web, mobile, thumb] = rendered as [Buffer, Buffer, Buffer];
    const saved = await Promise.all([save(web, 'logo-web.webp'), save(mobile, 'logo-mobile.webp'), save(thumb, 'logo-thumb.webp')]);
    const versions: Record<keyof typeof LOGO_SIZES, string> = { web: saved[0].id, mobile: saved[1].id, thumb: saved[2].id };
    const previous = await this.deps.db.selectFrom('stores').select(['logo_web_upload_id', 'logo_mobile_upload_id', 'logo_thumb_upload_id']).where('id', '=', store.id).executeTakeFirstOrThrow();
    await this.commitStoreChange(store.id, (trx) =>
      trx
        .updateTable('stores')
        .set({ logo_web_upload_id: versions.web, logo_mobile_upload_id: versions.mobile, logo_thumb_upload_id: versions.thumb, updated_at: Date.now() })
        .where('id', '=', store.id)
        .execute(),
    );
    for (const id of Object.values(previous)) if (id) await uploads.delete({ id, requester }).catch(() => undefined);
    return this.getOwnStore(options);
  }

  async list(options: { status: 'pending' | 'approved' | 'rejected'; cursor?: string | undefined; limit: number }) {
    const before = options.cursor ? this.cursors.decode(options.cursor, isTimeIdPosition) : undefined;
    let query = this.deps.db
      .selectFrom('stores')
      .innerJoin('users', 'users.id', 'stores.seller_user_id')
      .selectAll('stores')
      .select(['users.first_name', 'users.last_name', 'users.email', 'users.country_code', 'users.phone'])
      .where('stores.status', '=', options.status);
    if (before) {
      query = query.where((eb) =>
        eb.or([eb('stores.created_at', '<', before.createdAt), eb.and([eb('stores.created_at', '=', before.createdAt), eb('stores.id', '<', before.id)])]),
      );
    }
    const rows = await query.orderBy('stores.created_at', 'desc').orderBy('stores.id', 'desc').limit(options.limit + 1).execute();
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        ...toStore(row),
        seller: {
          id: row.seller_user_id,
          name: [row.first_name, row.last_name].filter(Boolean).join(' '),
          email: row.email,
          phone: row.phone ? `${row.country_code ?? ''}${row.phone}` : null,
        },
      })),
      nextCursor: rows.length > options.limit && last ? this.cursors.encode({ createdAt: Number(last.created_at), id: last.id }) : null,
    };
  }

  async review(options: { storeId: string; reviewerId: string; decision: TReviewDecision }): Promise<void> {
    const { db } = this.deps;
    const store = await db.selectFrom('stores').selectAll().where('id', '=', options.storeId).executeTakeFirst();
    if (!store) throw new AppError('NOT_FOUND');
    const approved = options.decision.decision === 'approve';
    const reason = options.decision.decision === 'reject' ? options.decision.reason : null;
    const now = Date.now();
    // The e-mail and the catalog's STORE_CHANGED are written in the review's transaction: the events
    // outbox delivers them after the commit (again after a crash); a review that did not happen has neither.
    const seller = await this.deps.accounts.findById({ id: store.seller_user_id });
    const storeName = (JSON.parse(store.store_name) as Record<string, string>).en ?? store.store_alias_name;
    await this.commitStoreChange(store.id, async (trx) => {
      const result = await trx
        .updateTable('stores')
        .set({ status: approved ? 'approved' : 'rejected', rejection_reason: reason, reviewed_by: options.reviewerId, reviewed_at: now, updated_at: now })
        .where('id', '=', store.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new AppError('ALREADY_REVIEWED');
      if (seller?.email) {
        await this.deps.mailer.queue({
          trx: trx as never,
          channel: 'email',
          to: seller.email,
          userId: seller.id,
          language: seller.language,
          template: approved ? 'seller-approved' : 'seller-rejected',
          params: approved ? { storeName } : { storeName, reason: reason ?? '' },
        });
      }
    });
    this.deps.mailer.nudge();
  }

  private async aliasTaken(alias: string): Promise<boolean> {
    return !!(await this.deps.db.selectFrom('stores').select('id').where('store_alias_name', '=', alias).executeTakeFirst());
  }
}

function compact(text: Partial<Record<Language, string | undefined>>): Record<string, string> {
  return Object.fromEntries(LANGUAGES.flatMap((l) => (text[l] ? [[l, text[l]]] : [])));
}

export function toStore(row: StoreRow): TStore {
  return {
    id: row.id,
    sellerId: row.seller_user_id,
    storeName: JSON.parse(row.store_name) as Record<string, string>,
    storeAliasName: row.store_alias_name,
    description: JSON.parse(row.description) as Record<string, string>,
    logoImages: {
      logoImageweb: uploadUrl(row.logo_web_upload_id),
      logoImageThumb: uploadUrl(row.logo_thumb_upload_id),
      logoImageMobile: uploadUrl(row.logo_mobile_upload_id),
    },
    country: row.country,
    city: row.city,
    address: row.address,
    policies: JSON.parse(row.policies) as TStore['policies'],
    isomatricChatUserId: row.chat_user_id,
    status: row.status as TStore['status'],
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at,
  };
}
