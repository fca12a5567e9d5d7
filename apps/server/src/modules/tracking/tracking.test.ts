import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { TOrderLiveEvent } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, checkout, createDriverAccount, createShop, createShopProduct, headers, type Shop } from '../../test/buying.js';
import { createBuyer, createTeamMember } from '../../test/roles.js';

let t: TestApp;
let url: string;
let shop: Shop;
let otherShop: Shop;
const clients: mqtt.MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
  shop = await createShop(t.app);
  otherShop = await createShop(t.app);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
});

async function connect(userId: string, token: string) {
  const client = await mqtt.connectAsync(url, { username: userId, password: token, reconnectPeriod: 0, connectTimeout: 5000, protocolVersion: 4 });
  clients.push(client);
  return client;
}

async function placedOrder() {
  const buyer = await createBuyer(t.app);
  const product = await createShopProduct(t.app, shop);
  await cartClient(t.app, buyer.token).add({ productId: product.id, quantity: 1 });
  const { orderId, storeOrderIds } = (await checkout(t.app, buyer.token)).json().data as { orderId: string; storeOrderIds: string[] };
  return { buyer, orderId, storeOrderId: storeOrderIds[0]! };
}

describe('live tracking on Order/{orderId}', () => {
  it("delivers the seller's status change to the buyer's subscribed client (QoS 1)", async () => {
    const { buyer, orderId, storeOrderId } = await placedOrder();
    const client = await connect(buyer.userId, buyer.token);
    const granted = await client.subscribeAsync(`Order/${orderId}`, { qos: 1 });
    expect(granted[0]?.qos).toBe(1);
    const received = new Promise<{ topic: string; event: TOrderLiveEvent; qos: number }>((resolve) => {
      client.on('message', (topic, payload, packet) => {
        const event = JSON.parse(payload.toString()) as TOrderLiveEvent;
        if (event.type === 'status' && event.status === 'accepted') resolve({ topic, event, qos: packet.qos });
      });
    });
    const response = await t.app.inject({ method: 'POST', url: `/v1/seller/orders/${storeOrderId}/status`, headers: headers(shop.seller.token), payload: { status: 'accepted' } });
    expect(response.statusCode).toBe(200);
    const { topic, event, qos } = await received;
    expect(topic).toBe(`Order/${orderId}`);
    expect(qos).toBe(1);
    expect(event).toEqual({ type: 'status', orderId, storeOrderId, status: 'accepted', at: expect.any(Number) });
  });

  it("refuses subscriptions to others' orders, and lets the store's seller and the team follow", async () => {
    const { orderId } = await placedOrder();
    const stranger = await createBuyer(t.app);
    const strangerClient = await connect(stranger.userId, stranger.token);
    await expect(strangerClient.subscribeAsync(`Order/${orderId}`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(strangerClient.subscribeAsync('Order/+', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    expect(strangerClient.connected).toBe(true);

    const otherSeller = await connect(otherShop.seller.userId, otherShop.seller.token);
    await expect(otherSeller.subscribeAsync(`Order/${orderId}`, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const seller = await connect(shop.seller.userId, shop.seller.token);
    expect((await seller.subscribeAsync(`Order/${orderId}`, { qos: 1 }))[0]?.qos).toBe(1);
    const team = await createTeamMember(t.app, 'support');
    const teamClient = await connect(team.userId, team.token);
    expect((await teamClient.subscribeAsync(`Order/${orderId}`, { qos: 1 }))[0]?.qos).toBe(1);
  });

  it('does not let anyone but the server publish on an order topic', async () => {
    const { buyer, orderId } = await placedOrder();
    const client = await connect(buyer.userId, buyer.token);
    const closed = new Promise<void>((resolve) => client.on('close', () => resolve()));
    client.publish(`Order/${orderId}`, JSON.stringify({ type: 'status', status: 'delivered' }), { qos: 1 });
    await closed;
    expect(client.connected).toBe(false);
  });

  it("moves the driver: the seller sends the order out with his driver, whose positions and 'delivered' reach the buyer live", async () => {
    const { buyer, orderId, storeOrderId } = await placedOrder();
    const email = `hafiz-${Date.now()}@example.com`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/seller/drivers',
      headers: headers(shop.seller.token),
      payload: { name: 'Hafiz Rahman', email, countryCode: '+60', phone: `1${String(Date.now()).slice(-8)}`, password: 'Driver-pass-42' },
    });
    expect(made.statusCode).toBe(200);
    const driver = made.json().data as { id: string; userId: string };
    const login = await t.app.inject({ method: 'POST', url: '/v1/driver/login', payload: { email, password: 'Driver-pass-42' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.userType).toBe('driver');
    // A driver cannot log in to the buyers' side.
    expect((await t.app.inject({ method: 'POST', url: '/v1/customer/login', payload: { email, password: 'Driver-pass-42' } })).statusCode).not.toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: '/v1/seller/drivers', headers: headers(shop.seller.token) });
    expect(listed.json().data.drivers.map((d: { id: string }) => d.id)).toContain(driver.id);

    for (const status of ['accepted', 'packed']) await t.app.inject({ method: 'POST', url: `/v1/seller/orders/${storeOrderId}/status`, headers: headers(shop.seller.token), payload: { status } });
    const otherDriver = await createDriverAccount(t.app, otherShop.storeId);
    const wrongDriver = await t.app.inject({ method: 'POST', url: `/v1/seller/orders/${storeOrderId}/status`, headers: headers(shop.seller.token), payload: { status: 'out_for_delivery', driverId: otherDriver.driverId } });
    expect(wrongDriver.json().code).toBe('DRIVER_REQUIRED');
    const out = await t.app.inject({ method: 'POST', url: `/v1/seller/orders/${storeOrderId}/status`, headers: headers(shop.seller.token), payload: { status: 'out_for_delivery', driverId: driver.id } });
    expect(out.statusCode).toBe(200);
    expect(out.json().data.driver).toMatchObject({ id: driver.id, name: 'Hafiz Rahman' });

    const driverToken = login.json().data.token.accessToken as string;
    const buyerClient = await connect(buyer.userId, buyer.token);
    await buyerClient.subscribeAsync(`Order/${orderId}`, { qos: 1 });
    const driverClient = await connect(driver.userId, driverToken);
    expect((await driverClient.subscribeAsync(`Order/${orderId}`, { qos: 1 }))[0]?.qos).toBe(1);
    const strangerDriver = await connect(otherDriver.userId, otherDriver.token);
    await expect(strangerDriver.subscribeAsync(`Order/${orderId}`, { qos: 1 })).rejects.toThrow(/Subscribe error/);

    const seen: TOrderLiveEvent[] = [];
    const delivered = new Promise<void>((resolve) =>
      buyerClient.on('message', (_topic, payload) => {
        const event = JSON.parse(payload.toString()) as TOrderLiveEvent;
        seen.push(event);
        if (event.type === 'status' && event.status === 'delivered') resolve();
      }),
    );
    const mine = await t.app.inject({ method: 'GET', url: '/v1/driver/orders', headers: headers(driverToken) });
    expect(mine.json().data.storeOrders.map((so: { storeOrderId: string }) => so.storeOrderId)).toEqual([storeOrderId]);
    for (const [latitude, longitude] of [[3.14, 101.69], [3.141, 101.691]]) {
      const position = await t.app.inject({ method: 'POST', url: `/v1/driver/orders/${storeOrderId}/position`, headers: headers(driverToken), payload: { latitude, longitude } });
      expect(position.statusCode).toBe(200);
    }
    const badPosition = await t.app.inject({ method: 'POST', url: `/v1/driver/orders/${storeOrderId}/position`, headers: headers(driverToken), payload: { latitude: 95, longitude: 0 } });
    expect(badPosition.json().field).toBe('latitude');
    const notHis = await t.app.inject({ method: 'POST', url: `/v1/driver/orders/${storeOrderId}/position`, headers: headers(otherDriver.token), payload: { latitude: 1, longitude: 1 } });
    expect(notHis.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/v1/driver/orders/${storeOrderId}/delivered`, headers: headers(driverToken) })).statusCode).toBe(200);
    await delivered;
    const positions = seen.filter((e) => e.type === 'position');
    expect(positions.map((p) => p.type === 'position' && [p.latitude, p.longitude])).toEqual([[3.14, 101.69], [3.141, 101.691]]);
    const order = await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: headers(buyer.token) });
    expect(order.json().data.storeOrders[0]).toMatchObject({ status: 'delivered', driverPosition: { latitude: 3.141, longitude: 101.691 } });
    expect(order.json().data.storeOrders[0].history.at(-1)).toMatchObject({ from: 'out_for_delivery', to: 'delivered', actor: 'driver' });
  });
});
