import net from 'node:net';
import { describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { FastifyInstance } from 'fastify';
import { createTestApp, guestPayload, signInGuest } from '../test/app.js';

/**
 * Issue #10, points 7 and 8: an office of visitors behind one address is not refused, while a
 * client that dribbles its body or opens connection after connection cannot hold the server.
 * Real sockets against a listening server: `inject` has no connections to hold.
 */

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** A raw connection; `closed` settles when the server (or anyone) closes it, with what it answered. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
  return { socket, opened, closed };
}

describe('guest sign-in behind one shared address', () => {
  it('lets a hundred new visitors from one office in within the minute', async () => {
    // The password sign-in limit set low: guest sign-in no longer counts against it.
    const { app } = await createTestApp({ signInRateLimitPerMinute: 3 });
    const statuses = new Set<number>();
    for (let i = 0; i < 100; i++) {
      statuses.add((await app.inject({ method: 'POST', url: '/v1/guest/signIn', payload: guestPayload({ deviceId: `office-${i}` }), remoteAddress: '198.51.100.20' })).statusCode);
    }
    expect([...statuses]).toEqual([200]);
    // Password sign-in keeps its own, tight limit per address.
    const logins = [];
    for (let i = 0; i < 4; i++) {
      logins.push((await app.inject({ method: 'POST', url: '/v1/customer/login', payload: { email: `nobody-${i}@example.com`, password: 'Wrong-pass-1' }, remoteAddress: '198.51.100.20' })).statusCode);
    }
    expect(logins.slice(0, 3)).not.toContain(429);
    expect(logins[3]).toBe(429);
  });
});

describe('slow clients', () => {
  it('cuts off a request whose body dribbles in, with 408', async () => {
    const { app } = await createTestApp({ requestTimeoutSeconds: 1 });
    const port = await listen(app);
    const client = connect(port);
    await client.opened;
    client.socket.write('POST /v1/guest/signIn HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n{');
    const dribble = setInterval(() => client.socket.write(' '), 100);
    try {
      const answer = await client.closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(dribble);
    }
  });

  it('keeps MQTT over WebSocket connected well past the request timeout', async () => {
    const { app } = await createTestApp({ requestTimeoutSeconds: 1 });
    const port = await listen(app);
    const session = await signInGuest(app);
    const client = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, { username: session.userId, password: session.token.accessToken, reconnectPeriod: 0 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(client.connected).toBe(true);
      const topic = `OnlineStatus/${session.userId}`;
      const received = new Promise<string>((resolve) => client.on('message', (_topic, payload) => resolve(payload.toString())));
      await client.subscribeAsync(topic, { qos: 1 });
      await client.publishAsync(topic, JSON.stringify({ status: 1, lastSeenEnabled: true }), { qos: 1 });
      expect(JSON.parse(await received)).toEqual({ status: 1, lastSeenEnabled: true });
    } finally {
      await client.endAsync(true);
    }
  });

  it('bounds the connections one address holds open at once', async () => {
    const { app } = await createTestApp({ maxConnectionsPerAddress: 5 });
    const port = await listen(app);
    const held = Array.from({ length: 5 }, () => connect(port));
    await Promise.all(held.map((c) => c.opened));
    const refused = connect(port);
    // Closed by the server before it read anything: no answer at all.
    expect(await refused.closed).toBe('');
    // One of the five goes away: a new connection is served again.
    held[0]?.socket.destroy();
    await held[0]?.closed;
    const next = connect(port);
    await next.opened;
    next.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(await next.closed).toMatch(/^HTTP\/1\.1 200/);
    for (const c of held) c.socket.destroy();
  });
});
