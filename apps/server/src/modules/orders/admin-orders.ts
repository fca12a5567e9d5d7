import { sql, type Kysely } from 'kysely';
import type { Language, StoreOrderStatus, TAdminOrderSummary, TAdminOrdersQuery } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { createCursorCodec, type CursorCodec } from '../../lib/cursor.js';
import { AppError } from '../../lib/errors.js';
import { pickText } from '../catalog/index.js';

interface Position {
  at: number;
  id: string;
}

/** `LIKE` pattern for "contains", with the user's own % and _ taken literally (escape '\'). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The store team's order list (issue #11 §4 admin console): every order, newest first, searched by
 * order id, store order id, buyer e-mail or store name, and filtered by a store order's state, a
 * store, the payment type and the ordering date. Keyset paging on (created_at, id), so a page does
 * not shift while new orders arrive.
 */
export class AdminOrderSearch {
  private readonly cursors: CursorCodec<Position>;

  constructor(private readonly deps: { db: Kysely<Database>; cursorKey: Uint8Array }) {
    this.cursors = createCursorCodec<Position>({ key: deps.cursorKey, purpose: 'admin-orders' });
  }

  async list(options: TAdminOrdersQuery & { language: Language }): Promise<{ orders: TAdminOrderSummary[]; nextCursor: string | null }> {
    if (options.from !== undefined && options.to !== undefined && options.from > options.to)
      throw new AppError('VALIDATION', 'query.to', undefined, 'DATE_RANGE_INVALID');
    const after = options.cursor ? this.cursors.decode(options.cursor) : null;
    const db = this.deps.db;
    let query = db
      .selectFrom('orders as o')
      .selectAll('o')
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(options.limit + 1);
    const search = options.search?.trim();
    if (search) {
      const pattern = containsPattern(search);
      query = query.where((eb) =>
        eb.or([
          eb('o.id', '=', search),
          eb.exists(eb.selectFrom('store_orders as so').select('so.id').whereRef('so.order_id', '=', 'o.id').where('so.id', '=', search)),
          eb.exists(
            eb
              .selectFrom('users as u')
              .select('u.id')
              .whereRef('u.id', '=', 'o.buyer_id')
              .where(sql<boolean>`lower(u.email) like ${pattern} escape '\\'`),
          ),
          eb.exists(
            eb
              .selectFrom('store_orders as so')
              .innerJoin('stores as s', 's.id', 'so.store_id')
              .select('so.id')
              .whereRef('so.order_id', '=', 'o.id')
              // The store's alias and its names in every language (a JSON text: searching it as text is enough here).
              .where(sql<boolean>`(lower(s.store_alias_name) like ${pattern} escape '\\' or lower(s.store_name) like ${pattern} escape '\\')`),
          ),
        ]),
      );
    }
    if (options.status) {
      const status = options.status;
      query = query.where((eb) =>
        eb.exists(eb.selectFrom('store_orders as so').select('so.id').whereRef('so.order_id', '=', 'o.id').where('so.status', '=', status)),
      );
    }
    if (options.storeId) {
      const storeId = options.storeId;
      query = query.where((eb) =>
        eb.exists(eb.selectFrom('store_orders as so').select('so.id').whereRef('so.order_id', '=', 'o.id').where('so.store_id', '=', storeId)),
      );
    }
    if (options.paymentType) query = query.where('o.payment_type', '=', options.paymentType);
    if (options.from !== undefined) query = query.where('o.created_at', '>=', options.from);
    if (options.to !== undefined) query = query.where('o.created_at', '<', options.to);
    if (after) query = query.where((eb) => eb.or([eb('o.created_at', '<', after.at), eb.and([eb('o.created_at', '=', after.at), eb('o.id', '<', after.id)])]));

    const rows = await query.execute();
    const page = rows.slice(0, options.limit);
    if (page.length === 0) return { orders: [], nextCursor: null };
    const orderIds = page.map((o) => o.id);
    const [storeOrders, units, buyers] = await Promise.all([
      db
        .selectFrom('store_orders')
        .select(['id', 'order_id', 'store_id', 'status', 'total', 'currency'])
        .where('order_id', 'in', orderIds)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('order_lines')
        .select(['order_id'])
        .select((eb) => eb.fn.sum<number>('quantity').as('units'))
        .where('order_id', 'in', orderIds)
        .groupBy('order_id')
        .execute(),
      db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email'])
        .where('id', 'in', [...new Set(page.map((o) => o.buyer_id))])
        .execute(),
    ]);
    const stores = storeOrders.length
      ? await db
          .selectFrom('stores')
          .select(['id', 'store_name', 'store_alias_name'])
          .where('id', 'in', [...new Set(storeOrders.map((so) => so.store_id))])
          .execute()
      : [];
    const storeName = new Map(stores.map((s) => [s.id, pickText(s.store_name, options.language) || s.store_alias_name]));
    const buyerById = new Map(buyers.map((b) => [b.id, b]));
    const last = page[page.length - 1]!;
    return {
      orders: page.map((order) => {
        const buyer = buyerById.get(order.buyer_id);
        return {
          orderId: order.id,
          orderedAt: order.created_at,
          total: { amount: order.total, currency: order.currency },
          itemCount: Number(units.find((u) => u.order_id === order.id)?.units ?? 0),
          paymentType: order.payment_type as TAdminOrderSummary['paymentType'],
          paymentStatus: order.payment_status,
          deliveryMode: order.delivery_mode as TAdminOrderSummary['deliveryMode'],
          buyer: { id: order.buyer_id, name: [buyer?.first_name, buyer?.last_name].filter(Boolean).join(' '), email: buyer?.email ?? null },
          storeOrders: storeOrders
            .filter((so) => so.order_id === order.id)
            .map((so) => ({
              storeOrderId: so.id,
              storeId: so.store_id,
              storeName: storeName.get(so.store_id) ?? '',
              status: so.status as StoreOrderStatus,
              storeTotal: { amount: so.total, currency: so.currency },
            })),
        };
      }),
      nextCursor: rows.length > options.limit ? this.cursors.encode({ at: last.created_at, id: last.id }) : null,
    };
  }
}
