import type { Kysely } from 'kysely';
import type { UserType } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';

/**
 * Who may follow Order/{orderId} on the broker: the order's buyer, the seller of a store in it, the
 * driver assigned to one of its store orders, and the store team. The answer needs the database,
 * so it is cached per user and order: a yes for a minute (it does not stop being true, except for a
 * driver taken off the order, who then only sees where he was sent), a no for two seconds (a
 * just-placed order or a just-assigned driver is allowed almost at once).
 */
export class OrderTopicAccess {
  private readonly cache = new Map<string, { allowed: boolean; until: number }>();

  constructor(private readonly db: Kysely<Database>) {}

  async mayFollow(identity: { userId: string; userType: UserType }, orderId: string): Promise<boolean> {
    if (identity.userType === 'team') return true;
    if (identity.userType === 'guest') return false;
    const key = `${identity.userId}\u0000${orderId}`;
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && cached.until > now) return cached.allowed;
    const allowed = await this.lookUp(identity, orderId);
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(key, { allowed, until: now + (allowed ? 60_000 : 2_000) });
    return allowed;
  }

  private async lookUp(identity: { userId: string; userType: UserType }, orderId: string): Promise<boolean> {
    const { db } = this;
    if (identity.userType === 'buyer') {
      return !!(await db.selectFrom('orders').select('id').where('id', '=', orderId).where('buyer_id', '=', identity.userId).executeTakeFirst());
    }
    if (identity.userType === 'seller') {
      const row = await db
        .selectFrom('store_orders as so')
        .innerJoin('stores as s', 's.id', 'so.store_id')
        .select('so.id')
        .where('so.order_id', '=', orderId)
        .where('s.seller_user_id', '=', identity.userId)
        .executeTakeFirst();
      if (row) return true;
    }
    // A driver account (any user type a store made a driver) follows only the orders he carries.
    const carried = await db
      .selectFrom('store_orders as so')
      .innerJoin('drivers as d', 'd.id', 'so.driver_id')
      .select('so.id')
      .where('so.order_id', '=', orderId)
      .where('d.user_id', '=', identity.userId)
      .executeTakeFirst();
    return !!carried;
  }
}
