import type { Kysely, Migration } from 'kysely';

/**
 * Favourite products and stores (a guest's too: they move to the account at signup or login) and
 * named wishlists with an optional share token (issue #13 §3). Owned by modules/social.
 */
export const favourites: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('favourite_products')
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('favourite_products_pk', ['owner_id', 'product_id'])
      .execute();
    // Who to tell when a product's price drops or it is back in stock.
    await db.schema.createIndex('favourite_products_product').on('favourite_products').columns(['product_id']).execute();
    await db.schema
      .createTable('favourite_stores')
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('favourite_stores_pk', ['owner_id', 'store_id'])
      .execute();
    await db.schema
      .createTable('wishlists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      // Random, unguessable; null while the list is not shared. Unsharing and sharing again makes a new one.
      .addColumn('share_token', 'text', (c) => c.unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('wishlists_owner').on('wishlists').columns(['owner_id', 'created_at']).execute();
    await db.schema
      .createTable('wishlist_items')
      .addColumn('wishlist_id', 'text', (c) => c.notNull().references('wishlists.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('wishlist_items_pk', ['wishlist_id', 'product_id'])
      .execute();
  },
};
