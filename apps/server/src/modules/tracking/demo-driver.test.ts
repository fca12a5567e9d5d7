import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { TOrderLiveEvent } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, checkout, createDriverAccount, createShop, createShopProduct, headers, KL, type Shop } from '../../test/buying.js';
import { createBuyer } from '../../test/roles.js';
import { DemoDriverSimulator, demoRoute, pointAt } from './demo-driver.js';

describe('the demo route', () => {
  const store = { latitude: 3.1, longitude: 101.6 };
  const buyer = { latitude: 3.2, longitude: 101.75 };

  it('starts at the store, ends at the buyer, and never goes back', () => {
    const route = demoRoute(store, buyer, 20);
    expect(route).toHaveLength(21);
    expect(route[0]).toEqual(store);
    expect(route.at(-1)).toEqual(buyer);
    for (let i = 1; i < route.length; i++) {
      expect(route[i]!.latitude).toBeGreaterThanOrEqual(route[i - 1]!.latitude);
      expect(route[i]!.longitude).toBeGreaterThanOrEqual(route[i - 1]!.longitude);
    }
    // A street corner, not a straight line: it goes north first (0.1° of the 0.25° trip), then east.
    expect(pointAt(route, 0.5)).toEqual({ latitude: 3.2, longitude: 101.625 });
  });

  it('clamps the trip before the start and after the end, and copes with a buyer at the store', () => {
    const route = demoRoute(store, buyer);
    expect(pointAt(route, -1)).toEqual(store);
    expect(pointAt(route, 7)).toEqual(buyer);
    expect(demoRoute(store, store, 4)).toEqual(Array.from({ length: 5 }, () => store));
  });
});

describe('the demo driver simulator', () => {
  let t: TestApp;
  let url: string;
  let shop: Shop;
  let client: mqtt.MqttClient | undefined;

  beforeAll(async () => {
    t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
    shop = await createShop(t.app);
  });
  afterAll(async () => {
    await client?.endAsync(true);
  });

  it("drives the demo driver's order from the store to the buyer through the position API, live on Order/{orderId}, and delivers it", async () => {
    const email = `demo-driver-${Date.now()}@example.com`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/seller/drivers',
      headers: headers(shop.seller.token),
      payload: { name: 'Demo Driver', email, countryCode: '+60', phone: `1${String(Date.now()).slice(-8)}`, password: 'Driver-pass-42' },
    });
    const driver = made.json().data as { id: string };
    const buyer = await createBuyer(t.app);
    const product = await createShopProduct(t.app, shop);
    await cartClient(t.app, buyer.token).add({ productId: product.id, quantity: 1 });
    const placed = await checkout(t.app, buyer.token, { latitude: KL.latitude + 0.02, longitude: KL.longitude + 0.03 });
    const { orderId, storeOrderIds } = placed.json().data as { orderId: string; storeOrderIds: string[] };
    const storeOrderId = storeOrderIds[0]!;

    const simulator = new DemoDriverSimulator({
      db: t.database.db.kysely,
      drivers: t.app.services.buying.drivers,
      log: t.app.log,
      tripMs: 60_000,
      stepMs: 1000,
      deliverOnArrival: true,
      email,
    });
    // Nothing to drive before the order goes out.
    expect(await simulator.tick()).toBe(0);
    for (const status of ['accepted', 'packed'])
      await t.app.inject({ method: 'POST', url: `/v1/seller/orders/${storeOrderId}/status`, headers: headers(shop.seller.token), payload: { status } });
    await t.app.inject({
      method: 'POST',
      url: `/v1/seller/orders/${storeOrderId}/status`,
      headers: headers(shop.seller.token),
      payload: { status: 'out_for_delivery', driverId: driver.id },
    });
    const dispatchedAt = Date.now();

    client = await mqtt.connectAsync(url, { username: buyer.userId, password: buyer.token, reconnectPeriod: 0, connectTimeout: 5000, protocolVersion: 4 });
    await client.subscribeAsync(`Order/${orderId}`, { qos: 1 });
    const seen: TOrderLiveEvent[] = [];
    const delivered = new Promise<void>((resolve) =>
      client!.on('message', (_topic, payload) => {
        const event = JSON.parse(payload.toString()) as TOrderLiveEvent;
        seen.push(event);
        if (event.type === 'status' && event.status === 'delivered') resolve();
      }),
    );

    const order = (await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: headers(buyer.token) })).json().data as {
      destination: { latitude: number; longitude: number };
      storeOrders: { store: { latitude: number; longitude: number } }[];
    };
    const store = order.storeOrders[0]!.store;
    const route = demoRoute(store, order.destination);

    expect(await simulator.tick(dispatchedAt + 30_000)).toBe(1);
    // The same moment again: the driver has not moved, nothing is posted twice.
    expect(await simulator.tick(dispatchedAt + 30_000)).toBe(0);
    const halfway = await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: headers(buyer.token) });
    expect(halfway.json().data.storeOrders[0]).toMatchObject({ status: 'out_for_delivery', driverPosition: pointAt(route, 0.5) });

    expect(await simulator.tick(dispatchedAt + 61_000)).toBe(1);
    await delivered;
    const positions = seen
      .filter((event) => event.type === 'position')
      .map((event) => event.type === 'position' && { latitude: event.latitude, longitude: event.longitude });
    expect(positions).toEqual([pointAt(route, 0.5), order.destination]);
    const done = await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: headers(buyer.token) });
    expect(done.json().data.storeOrders[0].status).toBe('delivered');
    expect(done.json().data.storeOrders[0].history.at(-1)).toMatchObject({ from: 'out_for_delivery', to: 'delivered', actor: 'driver' });
    // Delivered: the driver carries nothing any more.
    expect(await simulator.tick(dispatchedAt + 90_000)).toBe(0);
  });

  it('gives the driver where each order goes: the address, the point and the note', async () => {
    const driver = await createDriverAccount(t.app, shop.storeId);
    const buyer = await createBuyer(t.app);
    const product = await createShopProduct(t.app, shop);
    await cartClient(t.app, buyer.token).add({ productId: product.id, quantity: 1 });
    const placed = await checkout(t.app, buyer.token, { deliveryNote: 'Ring twice' });
    const storeOrderId = (placed.json().data as { storeOrderIds: string[] }).storeOrderIds[0]!;
    for (const status of ['accepted', 'packed'])
      await t.app.inject({ method: 'POST', url: `/v1/seller/orders/${storeOrderId}/status`, headers: headers(shop.seller.token), payload: { status } });
    await t.app.inject({
      method: 'POST',
      url: `/v1/seller/orders/${storeOrderId}/status`,
      headers: headers(shop.seller.token),
      payload: { status: 'out_for_delivery', driverId: driver.driverId },
    });
    const mine = await t.app.inject({ method: 'GET', url: '/v1/driver/orders', headers: headers(driver.token) });
    expect(mine.statusCode).toBe(200);
    const [carried] = mine.json().data.storeOrders;
    expect(carried.storeOrderId).toBe(storeOrderId);
    expect(carried.deliverTo).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number), note: 'Ring twice' });
    expect(carried.deliverTo.address.length).toBeGreaterThan(5);
    expect(carried.deliverTo.name.length).toBeGreaterThan(0);
  });
});
