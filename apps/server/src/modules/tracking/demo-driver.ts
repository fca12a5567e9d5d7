import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DriversService } from '../orders/index.js';

/** The demo driver's account (seeded with the demo data, docs/orders.md "Following an order"). */
export const DEMO_DRIVER = { email: 'driver@tessera.test', name: 'Hafiz Rahman', countryCode: '+60', phone: '139876543' } as const;

export interface Point {
  latitude: number;
  longitude: number;
}

/**
 * The demo route from the store to the buyer: along the latitude first, then the longitude (a
 * street-like corner rather than a straight line), as `steps` + 1 interpolated points.
 */
export function demoRoute(from: Point, to: Point, steps = 40): Point[] {
  const corner = { latitude: to.latitude, longitude: from.longitude };
  const first = Math.abs(corner.latitude - from.latitude);
  const second = Math.abs(to.longitude - corner.longitude);
  const total = first + second;
  const points: Point[] = [];
  for (let i = 0; i <= steps; i++) {
    const travelled = total === 0 ? 0 : (i / steps) * total;
    const point =
      travelled <= first ? lerp(from, corner, first === 0 ? 1 : travelled / first) : lerp(corner, to, second === 0 ? 1 : (travelled - first) / second);
    points.push({ latitude: round(point.latitude), longitude: round(point.longitude) });
  }
  return points;
}

/** Where on the route the driver is after `fraction` (0…1) of the trip. */
export function pointAt(route: readonly Point[], fraction: number): Point {
  const index = Math.round(Math.min(1, Math.max(0, fraction)) * (route.length - 1));
  return route[index]!;
}

const lerp = (a: Point, b: Point, f: number): Point => ({
  latitude: a.latitude + (b.latitude - a.latitude) * f,
  longitude: a.longitude + (b.longitude - a.longitude) * f,
});
// Five decimals is about a metre: enough for a map, and the same point twice is recognised as such.
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * Moves the demo driver (issue #11 §5): every `stepMs` it looks at the store orders out for
 * delivery with him and posts his next position through the same service the driver page uses
 * (so the buyer sees it as `position` events on Order/{orderId}); after `tripMs` from the dispatch
 * he is at the buyer's point, and the order is marked delivered when `deliverOnArrival`.
 *
 * It keeps no state: where the driver is follows from the time since the order went out (its
 * history row), so a restart carries on where it was. It is a demo device for one process: with
 * several instances each would post the same positions (harmless, but twice).
 */
export class DemoDriverSimulator {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      drivers: DriversService;
      log: FastifyBaseLogger;
      tripMs: number;
      stepMs: number;
      deliverOnArrival: boolean;
      email?: string;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      // One tick at a time: a slow database never piles ticks up.
      this.running ??= this.tick()
        .then(() => undefined)
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'demo driver simulator tick failed'))
        .finally(() => (this.running = undefined));
    }, this.deps.stepMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One step for every order the demo driver carries now. Answers how many it moved. */
  async tick(now = Date.now()): Promise<number> {
    const { db, drivers } = this.deps;
    const driver = await db
      .selectFrom('drivers as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select(['d.id', 'd.user_id'])
      .where('u.email', '=', this.deps.email ?? DEMO_DRIVER.email)
      .where('d.active', '=', 1)
      .executeTakeFirst();
    if (!driver) return 0;
    const carried = await db
      .selectFrom('store_orders as so')
      .innerJoin('orders as o', 'o.id', 'so.order_id')
      .leftJoin('store_delivery_settings as s', 's.store_id', 'so.store_id')
      .select([
        'so.id',
        'so.updated_at',
        'so.driver_latitude',
        'so.driver_longitude',
        'o.latitude as toLatitude',
        'o.longitude as toLongitude',
        's.latitude as fromLatitude',
        's.longitude as fromLongitude',
      ])
      .where('so.driver_id', '=', driver.id)
      .where('so.status', '=', 'out_for_delivery')
      .execute();
    let moved = 0;
    for (const order of carried) {
      if (order.toLatitude === null || order.toLongitude === null || order.fromLatitude === null || order.fromLongitude === null) continue;
      const dispatched = await db
        .selectFrom('order_history')
        .select('created_at')
        .where('store_order_id', '=', order.id)
        .where('to_status', '=', 'out_for_delivery')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      const fraction = (now - (dispatched?.created_at ?? order.updated_at)) / this.deps.tripMs;
      const route = demoRoute({ latitude: order.fromLatitude, longitude: order.fromLongitude }, { latitude: order.toLatitude, longitude: order.toLongitude });
      const point = pointAt(route, fraction);
      if (point.latitude !== order.driver_latitude || point.longitude !== order.driver_longitude) {
        await drivers.reportPosition({ userId: driver.user_id, storeOrderId: order.id, ...point });
        moved += 1;
      }
      if (fraction >= 1 && this.deps.deliverOnArrival) {
        await drivers.markDelivered({ userId: driver.user_id, storeOrderId: order.id, language: 'en' });
      }
    }
    return moved;
  }
}
