import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { prepared } from '../../db/prepared-query.js';
import type { OrderHistoryTable, OrderLinesTable, OrdersTable, StoreOrdersTable } from './orders.tables.js';
import type { StoreOrderRows } from './order-view.js';

type Db = Kysely<Database> | Transaction<Database>;

// Written by every checkout: built and compiled once per number of rows (db/prepared-query.ts).
const insertOrderRow = prepared((db, order: OrdersTable) => db.insertInto('orders').values(order));
const insertStoreOrders = prepared((db, rows: StoreOrdersTable[]) => db.insertInto('store_orders').values(rows));
const insertOrderLines = prepared((db, rows: OrderLinesTable[]) => db.insertInto('order_lines').values(rows));
const insertOrderHistory = prepared((db, rows: OrderHistoryTable[]) => db.insertInto('order_history').values(rows));

/** The orders module's data access. Reads of stores and delivery settings are joins (ADR 006). */
export class OrdersRepository {
  constructor(readonly db: Kysely<Database>) {}

  async insertOrder(trx: Transaction<Database>, order: OrdersTable, storeOrders: StoreOrdersTable[], lines: OrderLinesTable[], history: OrderHistoryTable[]): Promise<void> {
    await insertOrderRow.execute(trx, order);
    await insertStoreOrders.execute(trx, storeOrders);
    await insertOrderLines.execute(trx, lines);
    await insertOrderHistory.execute(trx, history);
  }

  findOrder(orderId: string, db: Db = this.db): Promise<OrdersTable | undefined> {
    return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  }

  findStoreOrder(storeOrderId: string, db: Db = this.db): Promise<StoreOrdersTable | undefined> {
    return db.selectFrom('store_orders').selectAll().where('id', '=', storeOrderId).executeTakeFirst();
  }

  /** Every store order of these ids with its lines, history, store and driver, in id order. */
  async storeOrderRows(storeOrders: readonly StoreOrdersTable[], db: Db = this.db): Promise<StoreOrderRows[]> {
    if (storeOrders.length === 0) return [];
    const ids = storeOrders.map((so) => so.id);
    const [lines, history, stores, drivers] = await Promise.all([
      db.selectFrom('order_lines').selectAll().where('store_order_id', 'in', ids).orderBy('id').execute(),
      db.selectFrom('order_history').selectAll().where('store_order_id', 'in', ids).orderBy('id').execute(),
      db
        .selectFrom('stores')
        .leftJoin('store_delivery_settings as s', 's.store_id', 'stores.id')
        .select(['stores.id', 'stores.store_name', 'stores.store_alias_name', 's.latitude', 's.longitude', 's.pickup_address', 's.time_zone'])
        .where('stores.id', 'in', [...new Set(storeOrders.map((so) => so.store_id))])
        .execute(),
      db
        .selectFrom('drivers')
        .select(['id', 'name', 'phone'])
        .where('id', 'in', [...new Set(storeOrders.map((so) => so.driver_id ?? ''))])
        .execute(),
    ]);
    const storeById = new Map(stores.map((s) => [s.id, s]));
    const driverById = new Map(drivers.map((d) => [d.id, d]));
    return storeOrders.map((storeOrder) => ({
      storeOrder,
      lines: lines.filter((l) => l.store_order_id === storeOrder.id),
      history: history.filter((h) => h.store_order_id === storeOrder.id),
      store: storeById.get(storeOrder.store_id) ?? { store_name: '{}', store_alias_name: '', latitude: null, longitude: null, pickup_address: null, time_zone: null },
      driver: (storeOrder.driver_id && driverById.get(storeOrder.driver_id)) || null,
    }));
  }

  storeOrdersOf(orderId: string, db: Db = this.db): Promise<StoreOrdersTable[]> {
    return db.selectFrom('store_orders').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }

  /**
   * Moves a store order from one state to another only if it is still in the first (two people
   * acting at once: one wins, the other is refused). True when it moved.
   */
  async moveStatus(trx: Transaction<Database>, options: { storeOrderId: string; from: string; to: string; set?: Partial<StoreOrdersTable> }): Promise<boolean> {
    const result = await trx
      .updateTable('store_orders')
      .set({ ...options.set, status: options.to, updated_at: Date.now() })
      .where('id', '=', options.storeOrderId)
      .where('status', '=', options.from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async addHistory(trx: Transaction<Database>, entry: Omit<OrderHistoryTable, 'id' | 'created_at'> & { created_at?: number }): Promise<void> {
    await trx
      .insertInto('order_history')
      .values({ ...entry, id: newId(), created_at: entry.created_at ?? Date.now() })
      .execute();
  }

  buyerOf(userId: string, db: Db = this.db) {
    return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email', 'language']).where('id', '=', userId).executeTakeFirst();
  }

  storeOfSeller(sellerId: string, db: Db = this.db) {
    return db.selectFrom('stores').select(['id', 'store_name', 'store_alias_name']).where('seller_user_id', '=', sellerId).executeTakeFirst();
  }
}
