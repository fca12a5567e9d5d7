import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Accounts: credentials and approval on users; companies of retailers and distributors; the
 * institution-buyer variant; addresses; one-time codes and reset links; sellers' stores.
 */
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [column, type] of [
      ['country_code', 'text'],
      ['phone', 'text'],
      ['password_hash', 'text'],
      ['phone_verified_at', 'bigint'],
      ['profile_pic_upload_id', 'text'],
      ['currency', 'text'],
      ['failed_logins', 'integer'],
      ['locked_until', 'bigint'],
      ['last_login_at', 'bigint'],
    ] as const) {
      await db.schema.alterTable('users').addColumn(column, type).execute();
    }
    await db.schema
      .createIndex('users_phone_unique')
      .on('users')
      .columns(['country_code', 'phone'])
      .unique()
      .where(sql.ref('phone'), 'is not', null)
      .execute();

    await db.schema
      .createTable('companies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('registration_number', 'text', (c) => c.notNull().unique())
      .addColumn('registration_expiry', 'text', (c) => c.notNull())
      .addColumn('logo_upload_id', 'text', (c) => c.notNull())
      .addColumn('document_upload_id', 'text', (c) => c.notNull())
      .addColumn('head_office_number', 'text', (c) => c.notNull())
      .addColumn('office_number', 'text')
      .addColumn('headquarters_address', 'text', (c) => c.notNull())
      .addColumn('website', 'text')
      .addColumn('countries', 'text', (c) => c.notNull())
      .addColumn('cities', 'text', (c) => c.notNull())
      .addColumn('contact_name', 'text', (c) => c.notNull())
      .addColumn('contact_mobile', 'text', (c) => c.notNull())
      .addColumn('contact_email', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('rejection_reason', 'text')
      .addColumn('reviewed_by', 'text')
      .addColumn('reviewed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('companies_status').on('companies').columns(['status', 'created_at']).execute();

    await db.schema
      .createTable('institution_profiles')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('institution_name', 'text', (c) => c.notNull())
      .addColumn('institution_type', 'text', (c) => c.notNull())
      .addColumn('tax_id', 'text')
      .addColumn('department', 'text')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('addresses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('country_code', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('pincode', 'text', (c) => c.notNull())
      .addColumn('locality', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('landmark', 'text')
      .addColumn('flat_number', 'text', (c) => c.notNull())
      .addColumn('address_line1', 'text', (c) => c.notNull())
      .addColumn('address_type', 'text', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('addresses_user').on('addresses').columns(['user_id', 'created_at']).execute();
    // The database itself keeps "exactly one default": at most one row per user may carry the flag.
    await db.schema
      .createIndex('addresses_one_default')
      .on('addresses')
      .column('user_id')
      .unique()
      .where(sql.ref('is_default'), '=', 1)
      .execute();

    await db.schema
      .createTable('verification_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('verification_codes_user').on('verification_codes').columns(['user_id', 'purpose', 'created_at']).execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('password_resets_user').on('password_resets').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('stores')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seller_user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('store_name', 'text', (c) => c.notNull())
      .addColumn('store_alias_name', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('logo_web_upload_id', 'text')
      .addColumn('logo_thumb_upload_id', 'text')
      .addColumn('logo_mobile_upload_id', 'text')
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('policies', 'text', (c) => c.notNull())
      .addColumn('chat_user_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('rejection_reason', 'text')
      .addColumn('reviewed_by', 'text')
      .addColumn('reviewed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('stores_status').on('stores').columns(['status', 'created_at']).execute();
  },
};
