import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue #10 point 4: a file is public only while what it belongs to is. Product pictures and
 * certificate evidence belong to their product (public once an approved store publishes it), store
 * logos to their store (public once approved). Only the team's own catalog images (categories,
 * banners, menus) stay public by themselves.
 */
export const uploadSubjects: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('uploads').addColumn('subject_kind', 'text').execute();
    await db.schema.alterTable('uploads').addColumn('subject_id', 'text').execute();

    // Files already uploaded take the subject they are attached to, and lose their own public flag.
    for (const column of ['webp_upload_id', 'avif_upload_id', 'fallback_upload_id', 'thumb_upload_id'] as const) {
      await sql`
        update uploads set subject_kind = 'product', public = 0,
          subject_id = (select i.product_id from product_images i where ${sql.ref(`i.${column}`)} = uploads.id)
        where id in (select ${sql.ref(column)} from product_images)`.execute(db);
    }
    await sql`
      update uploads set subject_kind = 'product', public = 0,
        subject_id = (select c.product_id from certifications c where c.evidence_upload_id = uploads.id)
      where id in (select evidence_upload_id from certifications where evidence_upload_id is not null)`.execute(db);
    for (const column of ['logo_web_upload_id', 'logo_mobile_upload_id', 'logo_thumb_upload_id'] as const) {
      await sql`
        update uploads set subject_kind = 'store', public = 0,
          subject_id = (select s.id from stores s where ${sql.ref(`s.${column}`)} = uploads.id)
        where id in (select ${sql.ref(column)} from stores where ${sql.ref(column)} is not null)`.execute(db);
    }
    // Whatever else was public and is attached to nothing was uploaded by a seller and never used.
    await sql`update uploads set public = 0 where public = 1 and subject_kind is null and purpose in ('product-image', 'certificate-evidence', 'store-logo')`.execute(db);
  },
};
