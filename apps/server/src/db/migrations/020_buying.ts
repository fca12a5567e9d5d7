import { type Kysely, type Migration } from 'kysely';

/**
 * Buying (issue #11): stores' delivery settings and tax rates (modules/delivery), carts
 * (modules/cart), checkout runs (modules/checkout), orders with their store orders, product order
 * lines and history, and drivers (modules/orders). Money in minor units, times UTC milliseconds.
 */
export const buying: Migration = {
  async up(db: Kysely<unknown>) {
    // A store without a row uses the configured defaults (modules/delivery/delivery-settings.ts).
    await db.schema
      .createTable('store_delivery_settings')
      .addColumn('store_id', 'text', (c) => c.primaryKey())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('pickup_address', 'text', (c) => c.notNull())
      // JSON [{weekday, opens, closes}] in the store's time zone.
      .addColumn('opening_hours', 'text', (c) => c.notNull())
      .addColumn('pickup_hours', 'text', (c) => c.notNull())
      .addColumn('slot_minutes', 'integer', (c) => c.notNull())
      .addColumn('slot_capacity', 'integer', (c) => c.notNull())
      .addColumn('lead_minutes', 'integer', (c) => c.notNull())
      .addColumn('delivery_radius_km', 'double precision', (c) => c.notNull())
      .addColumn('delivery_base_fee', 'integer', (c) => c.notNull())
      .addColumn('delivery_fee_per_km', 'integer', (c) => c.notNull())
      .addColumn('delivery_fee_max', 'integer', (c) => c.notNull())
      .addColumn('free_delivery_above', 'integer')
      .addColumn('driver_base_fee', 'integer', (c) => c.notNull())
      .addColumn('driver_fee_per_km', 'integer', (c) => c.notNull())
      .addColumn('driver_fee_max', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('tax_rates')
      .addColumn('country', 'text', (c) => c.primaryKey())
      // Basis points: 2100 is 21 %.
      .addColumn('rate_bp', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Slots taken per store and slot start: a guarded update keeps `used` within the capacity.
    await db.schema
      .createTable('delivery_slot_usage')
      .addColumn('store_id', 'text', (c) => c.notNull())
      .addColumn('slot_start', 'bigint', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('delivery_slot_usage_pk', ['store_id', 'slot_start'])
      .execute();

    await db.schema
      .createTable('carts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().unique())
      .addColumn('delivery_mode', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('cart_lines')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text')
      // '' when the line has no variant, so that the unique index below covers it.
      .addColumn('variant_key', 'text', (c) => c.notNull())
      .addColumn('store_id', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      // An agreed price (chat offer) for this buyer alone; null: the catalog's price.
      .addColumn('agreed_unit_price', 'integer')
      .addColumn('agreed_currency', 'text')
      .addColumn('source_kind', 'text')
      .addColumn('source_id', 'text')
      // '' for catalog lines, 'offer:<id>' for agreed ones: one catalog line per product and variant.
      .addColumn('source_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cart_lines_unique').on('cart_lines').columns(['cart_id', 'product_id', 'variant_key', 'source_key']).unique().execute();

    await db.schema
      .createTable('checkout_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      // started → reserved → (awaiting_action →) completed | failed
      .addColumn('state', 'text', (c) => c.notNull())
      // JSON: the order as planned (lines, totals, slots): what the later steps write and undo.
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('payment_ref', 'text')
      .addColumn('payment_status', 'text')
      .addColumn('payment_action', 'text')
      .addColumn('error_code', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('checkout_runs_key').on('checkout_runs').columns(['user_id', 'idempotency_key']).unique().execute();
    await db.schema.createIndex('checkout_runs_state').on('checkout_runs').columns(['state', 'updated_at']).execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('buyer_id', 'text', (c) => c.notNull())
      .addColumn('checkout_run_id', 'text', (c) => c.notNull().unique())
      .addColumn('delivery_mode', 'text', (c) => c.notNull())
      .addColumn('payment_type', 'text', (c) => c.notNull())
      .addColumn('payment_status', 'text', (c) => c.notNull())
      .addColumn('payment_ref', 'text')
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('subtotal', 'integer', (c) => c.notNull())
      .addColumn('delivery_fees', 'integer', (c) => c.notNull())
      .addColumn('tax', 'integer', (c) => c.notNull())
      .addColumn('coupon', 'integer', (c) => c.notNull())
      .addColumn('savings', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('wallet_amount', 'integer', (c) => c.notNull())
      .addColumn('points_redeemed', 'integer', (c) => c.notNull())
      .addColumn('promo_code', 'text')
      .addColumn('delivery_note', 'text')
      // JSON copy of the address at the time of the order.
      .addColumn('address', 'text')
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_buyer').on('orders').columns(['buyer_id', 'created_at']).execute();
    await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();

    await db.schema
      .createTable('store_orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('store_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('delivery_mode', 'text', (c) => c.notNull())
      .addColumn('slot_start', 'bigint')
      .addColumn('slot_end', 'bigint')
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('subtotal', 'integer', (c) => c.notNull())
      .addColumn('delivery_fee', 'integer', (c) => c.notNull())
      .addColumn('driver_fee', 'integer', (c) => c.notNull())
      .addColumn('tax', 'integer', (c) => c.notNull())
      .addColumn('discount', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('refunded', 'integer', (c) => c.notNull())
      .addColumn('driver_id', 'text')
      .addColumn('driver_latitude', 'double precision')
      .addColumn('driver_longitude', 'double precision')
      .addColumn('driver_at', 'bigint')
      .addColumn('cancel_reason', 'text')
      .addColumn('cancel_comments', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('store_orders_order').on('store_orders').column('order_id').execute();
    await db.schema.createIndex('store_orders_store').on('store_orders').columns(['store_id', 'created_at']).execute();
    await db.schema.createIndex('store_orders_driver').on('store_orders').column('driver_id').execute();

    await db.schema
      .createTable('order_lines')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('store_order_id', 'text', (c) => c.notNull().references('store_orders.id'))
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text')
      .addColumn('slug', 'text', (c) => c.notNull())
      // JSON title per language, copied at the time of the order.
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('colour', 'text')
      .addColumn('size', 'text')
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price', 'integer', (c) => c.notNull())
      .addColumn('mrp', 'integer', (c) => c.notNull())
      .addColumn('line_total', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('cancel_reason', 'text')
      .addColumn('cancel_comments', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_lines_store_order').on('order_lines').column('store_order_id').execute();
    await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();

    await db.schema
      .createTable('order_history')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('store_order_id', 'text', (c) => c.notNull())
      .addColumn('order_line_id', 'text')
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('actor_role', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('comments', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_history_store_order').on('order_history').columns(['store_order_id', 'id']).execute();

    await db.schema
      .createTable('drivers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('store_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('drivers_store').on('drivers').column('store_id').execute();
  },
};
