import type { TAdminBanner, TBannerInput, TBannerPatch } from '@tessera/contracts';
import { InvalidField, NotFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import type { UploadRequester } from '../../uploads/index.js';
import { mediaUrl } from '../model/index.js';
import { processImage } from './admin-images.js';
import { committed, compact, dropUpload, parseTexts, type AdminCatalogDeps } from './admin-shared.js';

/** The banners editor: placement, order, an image, and a window in which a banner is live. */
export class BannersEditor {
  constructor(private readonly deps: AdminCatalogDeps) {}

  async list(options: { now?: number } = {}): Promise<TAdminBanner[]> {
    const now = options.now ?? Date.now();
    const rows = await this.deps.db.selectFrom('banners').selectAll().orderBy('placement').orderBy('sort').orderBy('created_at').orderBy('id').execute();
    return rows.map((row) => {
      const startsAt = row.starts_at === null ? null : Number(row.starts_at);
      const endsAt = row.ends_at === null ? null : Number(row.ends_at);
      const active = Number(row.active) === 1;
      return {
        id: row.id,
        title: parseTexts(row.title),
        subtitle: parseTexts(row.subtitle),
        imageUrl: mediaUrl(row.image_upload_id),
        href: row.href,
        placement: row.placement as TAdminBanner['placement'],
        sort: Number(row.sort),
        active,
        startsAt,
        endsAt,
        live: active && (startsAt === null || startsAt <= now) && (endsAt === null || endsAt > now),
        updatedAt: Number(row.updated_at),
      };
    });
  }

  async get(options: { id: string }): Promise<TAdminBanner> {
    const found = (await this.list()).find((banner) => banner.id === options.id);
    if (!found) throw NotFound();
    return found;
  }

  async create(options: { input: TBannerInput }): Promise<TAdminBanner> {
    const { input } = options;
    assertWindow(input.startsAt, input.endsAt);
    const id = newId();
    const now = Date.now();
    await committed(this.deps, (trx) =>
      trx
        .insertInto('banners')
        .values({
          id,
          title: compact(input.title),
          subtitle: compact(input.subtitle),
          image_upload_id: null,
          href: input.href,
          placement: input.placement,
          sort: input.sort,
          active: input.active ? 1 : 0,
          starts_at: input.startsAt,
          ends_at: input.endsAt,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    );
    return this.get({ id });
  }

  async update(options: { id: string; patch: TBannerPatch }): Promise<TAdminBanner> {
    const { id, patch } = options;
    const current = await this.get({ id });
    assertWindow(patch.startsAt !== undefined ? patch.startsAt : current.startsAt, patch.endsAt !== undefined ? patch.endsAt : current.endsAt);
    await committed(this.deps, (trx) =>
      trx
        .updateTable('banners')
        .set({
          ...(patch.title ? { title: compact(patch.title) } : {}),
          ...(patch.subtitle ? { subtitle: compact(patch.subtitle) } : {}),
          ...(patch.href !== undefined ? { href: patch.href } : {}),
          ...(patch.placement !== undefined ? { placement: patch.placement } : {}),
          ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
          ...(patch.active !== undefined ? { active: patch.active ? 1 : 0 } : {}),
          ...(patch.startsAt !== undefined ? { starts_at: patch.startsAt } : {}),
          ...(patch.endsAt !== undefined ? { ends_at: patch.endsAt } : {}),
          updated_at: Date.now(),
        })
        .where('id', '=', id)
        .execute(),
    );
    return this.get({ id });
  }

  async delete(options: { id: string; requester: UploadRequester }): Promise<void> {
    const row = await this.row(options.id);
    await committed(this.deps, (trx) => trx.deleteFrom('banners').where('id', '=', options.id).execute());
    await dropUpload(this.deps.uploads, row.image_upload_id, options.requester);
  }

  async setImage(options: { id: string; data: Buffer; filename: string; requester: UploadRequester }): Promise<TAdminBanner> {
    const row = await this.row(options.id);
    const uploadId = await processImage(this.deps.uploads, { ...options, field: 'image', purpose: 'banner-image' });
    await committed(this.deps, (trx) =>
      trx.updateTable('banners').set({ image_upload_id: uploadId, updated_at: Date.now() }).where('id', '=', options.id).execute(),
    );
    await dropUpload(this.deps.uploads, row.image_upload_id, options.requester);
    return this.get(options);
  }

  private async row(id: string) {
    const row = await this.deps.db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    return row;
  }
}

function assertWindow(startsAt: number | null, endsAt: number | null): void {
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) throw InvalidField('endsAt', 'ENTER_VALID_DATE');
}
