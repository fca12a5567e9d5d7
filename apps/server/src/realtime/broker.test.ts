import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { createTestApp, signInGuest } from '../test/app.js';

const { app } = await createTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;

const clients: mqtt.MqttClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

async function connect(username: string | undefined, password: string | undefined, protocolVersion: 3 | 4 = 4) {
  const client = await mqtt.connectAsync(url, { username, password, reconnectPeriod: 0, connectTimeout: 5000, protocolVersion });
  clients.push(client);
  return client;
}

describe('the MQTT broker over WebSocket at /mqtt', () => {
  it('admits a client whose password is a valid access token, on protocol 4 and 3', async () => {
    const session = await signInGuest(app);
    expect((await connect(session.userId, session.token.accessToken)).connected).toBe(true);
    expect((await connect(session.userId, session.token.accessToken, 3)).connected).toBe(true);
  });

  it('refuses a client without a password, with a bad token, or claiming another user', async () => {
    const session = await signInGuest(app);
    const other = await signInGuest(app);
    await expect(connect(session.userId, undefined)).rejects.toThrow();
    await expect(connect(session.userId, 'not-a-token')).rejects.toThrow(/Not authorized/i);
    await expect(connect(other.userId, session.token.accessToken)).rejects.toThrow(/Bad username or password/i);
  });

  it("lets a client subscribe to its own topics only, never to another user's or to wildcards", async () => {
    const session = await signInGuest(app);
    const client = await connect(session.userId, session.token.accessToken);
    const own = await client.subscribeAsync(`Message/${session.userId}`, { qos: 1 });
    expect(own[0]?.qos).toBe(1);
    // Refused subscriptions come back as granted QoS 128, which mqtt.js reports as an error.
    await expect(client.subscribeAsync('Message/someone-else', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(client.subscribeAsync('Message/#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await expect(client.subscribeAsync('#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    // A refusal does not cost the client its connection.
    expect(client.connected).toBe(true);
    expect((await client.subscribeAsync(`Acknowledgement/${session.userId}`, { qos: 1 }))[0]?.qos).toBe(1);
  });

  it('delivers a retained presence message to the same user on another device', async () => {
    const session = await signInGuest(app);
    const phone = await connect(session.userId, session.token.accessToken);
    await phone.publishAsync(`OnlineStatus/${session.userId}`, JSON.stringify({ status: 1, lastSeenEnabled: true }), { qos: 1, retain: true });
    const laptop = await connect(session.userId, session.token.accessToken);
    const received = new Promise<string>((resolve) => laptop.on('message', (_topic, payload) => resolve(payload.toString())));
    await laptop.subscribeAsync(`OnlineStatus/${session.userId}`, { qos: 1 });
    expect(JSON.parse(await received)).toEqual({ status: 1, lastSeenEnabled: true });
  });

  it("does not let a client publish on another user's topic", async () => {
    const sender = await signInGuest(app);
    const target = await signInGuest(app);
    const listener = await connect(target.userId, target.token.accessToken);
    await listener.subscribeAsync(`Message/${target.userId}`, { qos: 1 });
    let got = false;
    listener.on('message', () => {
      got = true;
    });
    const intruder = await connect(sender.userId, sender.token.accessToken);
    // The broker drops the packet and closes the connection of a client that publishes where it may not.
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(`Message/${target.userId}`, 'hello', { qos: 1 });
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(got).toBe(false);
  });

  it('refuses a revoked session', async () => {
    const session = await signInGuest(app);
    await app.inject({ method: 'POST', url: '/v1/customer/logout', headers: { authorization: session.token.accessToken }, payload: { refToken: session.token.refreshToken } });
    await expect(connect(session.userId, session.token.accessToken)).rejects.toThrow(/Not authorized/i);
  });
});
