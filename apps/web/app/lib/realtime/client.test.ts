import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeBufferFullError, RealtimeClient, type RealtimeClientOptions } from './client';
import { REALTIME_ERRORS } from './errors';
import { OFFLINE_BUFFER_SIZE } from './settings';

// A real aedes broker (the one the server runs) over TCP; the client is the web's, driving mqtt.js.
let broker: Aedes;
let server: Server;
let url: string;
let refuseNext = 0;

beforeAll(async () => {
  broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) => {
      if (refuseNext > 0) {
        refuseNext -= 1;
        return done(Object.assign(new Error('refused'), { returnCode: 4 }) as AuthenticateError, false);
      }
      done(null, Boolean(username && password?.toString() === `token-of-${username}`));
    },
  });
  server = createServer(broker.handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const started: RealtimeClient[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((client) => client.stop()));
  refuseNext = 0;
});

function makeClient(username: string, overrides: Partial<RealtimeClientOptions> = {}) {
  const logged: string[] = [];
  const client = new RealtimeClient({
    url,
    clientId: `test-${username}-${Math.random().toString(36).slice(2)}`,
    credentials: async () => ({ username, password: `token-of-${username}` }),
    connect: mqtt.connect,
    logger: { warn: (code) => logged.push(code) },
    ...overrides,
  });
  started.push(client);
  return { client, logged };
}

function connected(client: RealtimeClient): Promise<void> {
  if (client.state === 'connected') return Promise.resolve();
  return new Promise((resolve) => {
    const off = client.onState((state) => {
      if (state === 'connected') {
        off();
        resolve();
      }
    });
  });
}

/** Publishes from the broker itself, as the server does. */
function brokerPublish(topic: string, payload: unknown): Promise<void> {
  return new Promise((resolve, reject) =>
    broker.publish({ cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(payload)), qos: 1, retain: false, dup: false }, (error) => (error ? reject(error) : resolve())),
  );
}

/** The broker's live connection of a client (aedes keeps them by client id). */
function brokerSide(client: RealtimeClient) {
  const clients = (broker as unknown as { clients: Record<string, { close(): void; subscriptions: Record<string, unknown> } | undefined> }).clients;
  return clients[client['options'].clientId];
}

/** The broker drops the client's connection; resolves once the client says it is reconnecting. */
async function dropConnection(client: RealtimeClient): Promise<void> {
  const reconnecting = new Promise<void>((resolve) => {
    const off = client.onState((state) => {
      if (state === 'reconnecting') {
        off();
        resolve();
      }
    });
  });
  brokerSide(client)?.close();
  await reconnecting;
}

function waitFor(check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (check()) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
}

describe('the real-time client against a real broker', () => {
  it('shares one broker subscription between pages and drops it when the last page leaves', async () => {
    const { client } = makeClient('u-share');
    const subscribes: string[] = [];
    const unsubscribes: string[] = [];
    const onSub = (subs: { topic: string }[]) => subscribes.push(...subs.map((s) => s.topic));
    const onUnsub = (topics: string[]) => unsubscribes.push(...topics);
    broker.on('subscribe', onSub);
    broker.on('unsubscribe', onUnsub);
    const first: unknown[] = [];
    const second: unknown[] = [];
    const stopFirst = client.subscribe('Message/u-share', (payload) => first.push(payload));
    const stopSecond = client.subscribe('Message/u-share', (payload) => second.push(payload));
    await connected(client);
    await waitFor(() => subscribes.includes('Message/u-share'));
    await brokerPublish('Message/u-share', { n: 1 });
    await waitFor(() => first.length === 1 && second.length === 1);
    expect(first).toEqual([{ n: 1 }]);

    stopFirst();
    stopFirst(); // a second call is harmless
    expect(client.listeners('Message/u-share')).toBe(1);
    await brokerPublish('Message/u-share', { n: 2 });
    await waitFor(() => second.length === 2);
    expect(first).toEqual([{ n: 1 }]);
    expect(unsubscribes).not.toContain('Message/u-share');

    stopSecond();
    await waitFor(() => unsubscribes.includes('Message/u-share'));
    expect(subscribes.filter((t) => t === 'Message/u-share')).toHaveLength(1);
    broker.off('subscribe', onSub);
    broker.off('unsubscribe', onUnsub);
  });

  it('buffers what is published while offline and sends it, in order, on connect', async () => {
    let allowed = false;
    const { client } = makeClient('u-buffer', { credentials: async () => (allowed ? { username: 'u-buffer', password: 'token-of-u-buffer' } : null) });
    const seen: string[] = [];
    broker.subscribe('Typ/u-peer', (packet, done) => {
      seen.push(packet.payload.toString());
      done();
    }, () => undefined);
    const sent = [1, 2, 3].map((n) => client.publish('Typ/u-peer', { n }));
    expect(client.buffered).toBe(3);
    expect(client.state).not.toBe('connected');
    allowed = true;
    client.retryNow();
    await Promise.all(sent);
    expect(client.buffered).toBe(0);
    await waitFor(() => seen.length === 3);
    expect(seen.map((s) => (JSON.parse(s) as { n: number }).n)).toEqual([1, 2, 3]);
  });

  it('refuses the 5001st offline message with a logged BUFFER_FULL, keeping the first 5000', async () => {
    const { client, logged } = makeClient('u-full', { credentials: async () => null });
    const pending = Array.from({ length: OFFLINE_BUFFER_SIZE }, (_, n) => client.publish('Typ/u-peer', { n }).catch(() => undefined));
    await expect(client.publish('Typ/u-peer', { n: 'one too many' })).rejects.toBeInstanceOf(RealtimeBufferFullError);
    expect(logged).toContain(REALTIME_ERRORS.bufferFull);
    expect(client.buffered).toBe(OFFLINE_BUFFER_SIZE);
    await client.stop();
    await Promise.all(pending);
  });

  it('logs a refusal, asks for new credentials and connects with them', async () => {
    refuseNext = 1;
    const asked: boolean[] = [];
    const { client, logged } = makeClient('u-refused', {
      credentials: async ({ refused }) => {
        asked.push(refused);
        return { username: 'u-refused', password: 'token-of-u-refused' };
      },
    });
    void client.start();
    await connected(client);
    expect(logged).toContain(REALTIME_ERRORS.badCredentials);
    expect(asked).toEqual([false, true]);
  });

  it('keeps its session while offline: a QoS 1 message sent meanwhile arrives after the reconnect', async () => {
    const { client, logged } = makeClient('u-offline');
    const got: unknown[] = [];
    client.subscribe('Message/u-offline', (payload) => got.push(payload));
    await connected(client);
    await waitFor(() => brokerSide(client)?.subscriptions['Message/u-offline'] !== undefined);
    await dropConnection(client);
    await brokerPublish('Message/u-offline', { while: 'offline' });
    await connected(client);
    await waitFor(() => got.length === 1);
    expect(got).toEqual([{ while: 'offline' }]);
    expect(logged).toContain(REALTIME_ERRORS.socketClosed);
  });

  it('tells a page each time the broker grants its subscription: first, to a later page at once, and after a reconnect', async () => {
    const { client } = makeClient('u-granted');
    const grants: string[] = [];
    client.subscribe('Message/u-granted', () => undefined, { onGranted: () => grants.push('first') });
    await connected(client);
    await waitFor(() => grants.length === 1);
    // A second page on a topic already granted hears it at once, without a second SUBSCRIBE.
    client.subscribe('Message/u-granted', () => undefined, { onGranted: () => grants.push('second') });
    expect(grants).toEqual(['first', 'second']);

    await dropConnection(client);
    await connected(client);
    await waitFor(() => grants.length === 4);
    expect(grants.slice(2).sort()).toEqual(['first', 'second']);
  });

  it('checks its arguments before connecting', () => {
    expect(() => makeClient('x', { clientId: 'c'.repeat(65_536) })).toThrow(/at most 65535/);
    expect(() => makeClient('x', { protocolVersion: 5 as 4 })).toThrow(/3 or 4/);
    expect(() => makeClient('x', { qos: 3 as 1 })).toThrow(/qos/);
    const { client } = makeClient('x', { credentials: async () => null });
    expect(() => client.subscribe('Message/#', () => undefined)).toThrow(/wildcards/);
    expect(() => client.publish('Typ/x', {}, { qos: 7 as 1 })).toThrow(/qos/);
  });
});
