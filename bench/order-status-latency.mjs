// Order status latency (issue #11 §7): `node bench/order-status-latency.mjs [--orders 50]`
//
// How long a store order's status change takes from the seller's action (the HTTP request that
// makes it) to the buyer's subscribed MQTT client (Order/{orderId}, QoS 1): the change's
// transaction, the events outbox, the broker and the WebSocket. One change at a time on an
// otherwise idle server, so the figures are the path's own, not a queue's.
//
// Each order (cash on delivery, one line of the demo store) goes placed → accepted → packed →
// out_for_delivery (with the demo driver) → delivered: four changes an order. The server runs as a
// child process (the API alone, src/test/serve-api.ts through tsx) on a fresh SQLite database with
// the demo data (or on DATABASE_URL when set), never in this process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { freePort } from './servers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRoot = path.join(root, 'apps/server');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const ORDERS = option('orders', 50);
const PASSWORD = 'Tessera-demo-2026';
const HEADERS = { language: 'en', platform: '3', currencycode: 'EUR', currencysymbol: '%E2%82%AC' };

let child;
process.on('exit', () => child?.kill('SIGKILL'));

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-status-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'src/test/serve-api.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_DRIVER_SIMULATOR: 'false',
      SIGNIN_RATE_LIMIT: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/API running at/.test(output)) resolve();
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output.slice(-3000)}`)));
  });
  return { http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/mqtt`, dataDir };
}

async function call(base, method, url, { token, body } = {}) {
  const headers = { ...HEADERS, ...(token ? { authorization: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99), max: sorted.at(-1) };
};

const server = await startServer();
const base = server.http;
try {
  // A buyer, the demo seller and the demo driver.
  const guest = await call(base, 'POST', '/v1/guest/signIn', {
    body: {
      deviceId: `bench-${Date.now()}`,
      ipAddress: '127.0.0.1',
      appVersion: '1',
      deviceMake: 'bench',
      deviceModel: 'node',
      deviceOsVersion: process.versions.node,
      deviceType: 3,
      deviceTime: new Date().toISOString(),
    },
  });
  const stamp = Date.now().toString(36);
  const signup = await call(base, 'POST', '/v1/customer/signup', {
    token: guest.data.token.accessToken,
    body: {
      firstName: 'Bench',
      lastName: 'Buyer',
      email: `bench-status-${stamp}@bench.test`,
      countryCode: '+60',
      phone: `1${String(Date.now()).slice(-8)}`,
      password: 'Bench password 1',
      confirmPassword: 'Bench password 1',
      language: 'en',
    },
  });
  const buyer = { token: signup.data.token.accessToken, userId: signup.data.user.id };
  const seller = (await call(base, 'POST', '/v1/seller/login', { body: { email: 'seller@tessera.test', password: PASSWORD } })).data.token.accessToken;
  const drivers = (await call(base, 'GET', '/v1/seller/drivers', { token: seller })).data.drivers;
  const driverId = drivers[0].id;
  const products = (await call(base, 'GET', '/v1/products?inStock=true&store=atelier-nurul&limit=50')).data.items;
  const store = products[0].store.id;
  let slots = (await call(base, 'GET', `/v1/delivery/slots?storeId=${store}&days=14`, { token: buyer.token })).data.slots.filter((s) => s.remaining > 0);

  const client = await mqtt.connectAsync(server.ws, {
    username: buyer.userId,
    password: buyer.token,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  const waiting = new Map();
  client.on('message', (_topic, payload) => {
    const event = JSON.parse(payload.toString());
    const key = `${event.storeOrderId}:${event.status}`;
    if (event.type === 'status' && waiting.has(key)) {
      waiting.get(key)(performance.now());
      waiting.delete(key);
    }
  });

  const latencies = [];
  const httpTimes = [];
  const byStatus = {};
  let made = 0;
  for (let i = 0; made < ORDERS && i < ORDERS * 4; i++) {
    // An order of the MOQ of some product of the store, in the next slot with room.
    const product = products[i % products.length];
    const detail = (await call(base, 'GET', `/v1/products/${product.slug}`)).data;
    const variant = detail.variants.find((v) => v.stock >= product.moq) ?? null;
    if (detail.variants.length && !variant) continue;
    try {
      await call(base, 'POST', '/v1/cart', { token: buyer.token, body: { productId: detail.id, variantId: variant?.id ?? null, quantity: product.moq } });
    } catch {
      continue;
    }
    if (slots.length === 0) break;
    const slot = slots[0];
    if (--slot.remaining <= 0) slots = slots.slice(1);
    const placed = await call(base, 'POST', '/v1/checkout', {
      token: buyer.token,
      body: {
        idempotencyKey: `bench-status-${stamp}-${i}`,
        paymentType: 'COD',
        latitude: 5.31,
        longitude: 103.11,
        slots: [{ storeId: store, start: slot.start }],
        address: {
          name: 'Bench Buyer',
          countryCode: '+60',
          mobile: '123456780',
          pincode: '20000',
          locality: 'Ladang',
          city: 'Kuala Terengganu',
          state: 'Terengganu',
          flatNumber: '1',
          addressLine1: 'Jalan Bench 1',
          addressType: 'home',
        },
      },
    });
    const { orderId, storeOrderIds } = placed.data;
    await client.subscribeAsync(`Order/${orderId}`, { qos: 1 });
    made += 1;
    for (const step of [{ status: 'accepted' }, { status: 'packed' }, { status: 'out_for_delivery', driverId }, { status: 'delivered' }]) {
      const arrived = new Promise((resolve) => waiting.set(`${storeOrderIds[0]}:${step.status}`, resolve));
      const start = performance.now();
      await call(base, 'POST', `/v1/seller/orders/${storeOrderIds[0]}/status`, { token: seller, body: step });
      const answered = performance.now();
      const at = await arrived;
      latencies.push(at - start);
      httpTimes.push(answered - start);
      (byStatus[step.status] ??= []).push(at - start);
    }
    await client.unsubscribeAsync(`Order/${orderId}`);
  }
  await client.endAsync();

  const fmt = (s) => `n=${s.n}  p50 ${s.p50.toFixed(2)} ms  p90 ${s.p90.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms  max ${s.max.toFixed(2)} ms`;
  console.log(
    `\nOrder status change → buyer's MQTT client (${made} orders, ${latencies.length} changes, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, node ${process.versions.node}, ${os.cpus().length} CPUs)`,
  );
  console.log(`  seller action → buyer receives   ${fmt(summary(latencies))}`);
  console.log(`  seller action → HTTP answer      ${fmt(summary(httpTimes))}`);
  for (const [status, values] of Object.entries(byStatus)) console.log(`    ${status.padEnd(17)} ${fmt(summary(values))}`);
} finally {
  child.kill('SIGTERM');
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
