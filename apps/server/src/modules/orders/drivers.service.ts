import type { Kysely } from 'kysely';
import type { Language, TDriverStoreOrder, TOrder, TStoreOrder } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AccountsService } from '../accounts/index.js';
import type { OrderEvents } from './order-events.js';
import { toStoreOrder } from './order-view.js';
import type { OrdersRepository } from './orders.repository.js';
import type { OrdersService } from './orders.service.js';

/**
 * A store's drivers (issue #11 §5): accounts of the user type 'driver' that the seller makes; the
 * seller sends a store order out with one of them; the driver shares his position while delivering
 * (published on Order/{orderId}) and marks the order delivered.
 */
export class DriversService {
  constructor(private readonly deps: { db: Kysely<Database>; accounts: AccountsService; repository: OrdersRepository; events: OrderEvents; orders: OrdersService }) {}

  async list(options: { storeId: string }) {
    const rows = await this.deps.db.selectFrom('drivers').selectAll().where('store_id', '=', options.storeId).orderBy('created_at').execute();
    return rows.map((row) => ({ id: row.id, userId: row.user_id, name: row.name, phone: row.phone, active: row.active === 1 }));
  }

  async create(options: { storeId: string; input: { name: string; email: string; countryCode: string; phone: string; password: string } }) {
    const { input } = options;
    const [firstName, ...rest] = input.name.split(/\s+/);
    const userId = await this.deps.accounts.createAccount({ type: 'driver', email: input.email, firstName: firstName ?? input.name, lastName: rest.join(' ') || '-', countryCode: input.countryCode, phone: input.phone, password: input.password });
    const id = newId();
    await this.deps.db.insertInto('drivers').values({ id, store_id: options.storeId, user_id: userId, name: input.name, phone: `${input.countryCode} ${input.phone}`, active: 1, created_at: Date.now() }).execute();
    return { id, userId, name: input.name, phone: `${input.countryCode} ${input.phone}`, active: true };
  }

  /** The caller's driver row; a driver account no store uses (any more) carries nothing. */
  private driverOf(userId: string) {
    return this.deps.db.selectFrom('drivers').selectAll().where('user_id', '=', userId).where('active', '=', 1).executeTakeFirst();
  }

  /** The store orders the driver carries now, each with where it goes. */
  async assigned(options: { userId: string; language: Language }): Promise<TDriverStoreOrder[]> {
    const driver = await this.driverOf(options.userId);
    if (!driver) return [];
    const rows = await this.deps.db.selectFrom('store_orders').selectAll().where('driver_id', '=', driver.id).where('status', '=', 'out_for_delivery').orderBy('updated_at').execute();
    if (rows.length === 0) return [];
    const orders = await this.deps.db
      .selectFrom('orders')
      .select(['id', 'address', 'latitude', 'longitude', 'delivery_note'])
      .where('id', 'in', [...new Set(rows.map((row) => row.order_id))])
      .execute();
    const orderById = new Map(orders.map((order) => [order.id, order]));
    return (await this.deps.repository.storeOrderRows(rows)).map((r) => {
      const order = orderById.get(r.storeOrder.order_id);
      const address = order?.address ? (JSON.parse(order.address) as NonNullable<TOrder['address']>) : null;
      return {
        ...toStoreOrder(r, options.language),
        deliverTo: {
          name: address?.name ?? '',
          mobile: address ? `${address.countryCode} ${address.mobile}` : '',
          address: address ? [address.flatNumber, address.addressLine1, address.locality, address.landmark, `${address.pincode} ${address.city}`, address.state].filter(Boolean).join(', ') : '',
          latitude: order?.latitude ?? null,
          longitude: order?.longitude ?? null,
          note: order?.delivery_note ?? null,
        },
      };
    });
  }

  /** The driver's position on one of his orders: kept on the store order and published live. */
  async reportPosition(options: { userId: string; storeOrderId: string; latitude: number; longitude: number }): Promise<void> {
    const driver = await this.driverOf(options.userId);
    const at = Date.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const storeOrder = await this.deps.repository.findStoreOrder(options.storeOrderId, trx);
      if (!driver || !storeOrder || storeOrder.driver_id !== driver.id) throw new AppError('ORDER_DETAILS_FAILED', 'storeOrderId');
      if (storeOrder.status !== 'out_for_delivery') throw new AppError('TRANSITION_NOT_ALLOWED', 'status');
      await trx.updateTable('store_orders').set({ driver_latitude: options.latitude, driver_longitude: options.longitude, driver_at: at }).where('id', '=', storeOrder.id).execute();
      await this.deps.events.positionChanged(trx, { orderId: storeOrder.order_id, storeOrderId: storeOrder.id, latitude: options.latitude, longitude: options.longitude, at });
    });
    this.deps.events.nudge();
  }

  async markDelivered(options: { userId: string; storeOrderId: string; language: Language }): Promise<TStoreOrder> {
    const driver = await this.driverOf(options.userId);
    const storeOrder = await this.deps.repository.findStoreOrder(options.storeOrderId);
    if (!driver || !storeOrder || storeOrder.driver_id !== driver.id) throw new AppError('ORDER_DETAILS_FAILED', 'storeOrderId');
    return this.deps.orders.changeStatus({ storeId: storeOrder.store_id, actorId: options.userId, actor: 'driver', storeOrderId: storeOrder.id, to: 'delivered', language: options.language });
  }
}
