/**
 * Server CPU per request of the buying routes, measured in-process and one request at a time
 * (`app.inject`, no sockets, no queueing): what a cart read, a cart add and a checkout cost, however
 * busy the machine is. Load tests (run.mjs, checkout.ts) give throughput and latency; this gives the
 * number to compare before and after a change. Run: `npx tsx bench/cpu-cost.ts [--requests 2000]`
 * (add `--cpu-prof --cpu-prof-dir=DIR` to node to see where the time goes: `node --cpu-prof --import tsx bench/cpu-cost.ts`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { newId } from '../apps/server/src/lib/ids.js';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const REQUESTS = arg('requests', 2000);
const SESSIONS = arg('sessions', 2000);
/** `--only cart|add|checkout|config|sessions`: one target (to profile it alone). */
const onlyIndex = process.argv.indexOf('--only');
const ONLY = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined;
const wanted = (name: string) => ONLY === undefined || ONLY === name;
/**
 * `--statements`: counts the SQLite statements each measured request runs (every better-sqlite3 run,
 * including begin and commit) and prints the SQL of the last one; the CPU figures then include the count.
 */
const STATEMENTS = process.argv.includes('--statements');
let statementCount = 0;
let statementLog: string[] = [];
if (STATEMENTS) {
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = proto[method]!;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      statementCount++;
      statementLog.push(this.source.slice(0, 160));
      return original.apply(this, args);
    };
  }
  probe.close();
}
/** Statements of one request (`--statements`): resets the log first. */
function countFrom(): () => number {
  statementCount = 0;
  statementLog = [];
  return () => statementCount;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-cpu-'));
const app = await buildApp(
  loadConfig({
    ...process.env,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-at-least-32-characters',
    SIGNIN_RATE_LIMIT: '100000000',
  }),
  { web: false },
);
await app.ready();
const db = app.db.kysely;
const now = Date.now();

// Two approved stores, three products (two in the first store), and one buyer per request kind.
const user = (id: string, type: string) => ({
  id,
  type,
  email: `${type}-${id}@bench.test`,
  first_name: 'Bench',
  last_name: 'User',
  buyer_role: null,
  team_role: null,
  language: 'en',
  created_at: now,
  updated_at: now,
  country_code: null,
  phone: null,
  password_hash: null,
  phone_verified_at: null,
  profile_pic_upload_id: null,
  currency: null,
  last_login_at: null,
});
const categoryId = newId();
await db
  .insertInto('categories')
  .values({ id: categoryId, parent_id: null, slug: 'bench', name: '{"en":"Bench"}', image_upload_id: null, sort: 0, created_at: now, updated_at: now })
  .execute();
const productIds: string[] = [];
for (const [s, count] of [
  [0, 2],
  [1, 1],
] as const) {
  const sellerId = newId();
  const storeId = newId();
  await db.insertInto('users').values(user(sellerId, 'seller')).execute();
  await db
    .insertInto('stores')
    .values({
      id: storeId,
      seller_user_id: sellerId,
      store_name: `{"en":"Bench store ${s}"}`,
      store_alias_name: `bench-store-${s}`,
      description: '{}',
      logo_web_upload_id: null,
      logo_thumb_upload_id: null,
      logo_mobile_upload_id: null,
      country: 'MY',
      city: 'Kuala Lumpur',
      address: null,
      policies: '{}',
      chat_user_id: null,
      status: 'approved',
      rejection_reason: null,
      reviewed_by: null,
      reviewed_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (let p = 0; p < count; p++) {
    const id = newId();
    productIds.push(id);
    await db
      .insertInto('products')
      .values({
        id,
        store_id: storeId,
        category_id: categoryId,
        brand_id: null,
        slug: `bench-${s}-${p}`,
        title: `{"en":"Bench product ${s}-${p}"}`,
        description: '{}',
        highlights: '{}',
        specs: '[]',
        size_chart: null,
        manufacturer: 'Bench',
        currency: 'EUR',
        price: 1500 + p,
        mrp: 1800,
        moq: 1,
        stock: 10_000_000,
        restockable: 1,
        origin_country: 'MY',
        origin_region: 'KL',
        maker_name: 'Bench',
        maker_type: 'cooperative',
        production_method: 'handmade',
        lead_time_days: 1,
        tags: '[]',
        status: 'published',
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
async function buyer(): Promise<string> {
  const id = newId();
  await db.insertInto('users').values(user(id, 'buyer')).execute();
  return (await app.services.auth.openSession({ userId: id, userType: 'buyer', device: { bench: true }, ipAddress: '127.0.0.1' })).tokens.accessToken;
}
const headers = (token: string) => ({ authorization: token, language: 'en', platform: '3', currencycode: 'EUR' });
const shipTo = {
  name: 'Bench Buyer',
  mobile: '501234567',
  countryCode: '+60',
  pincode: '50450',
  locality: 'Bukit Bintang',
  city: 'Kuala Lumpur',
  state: 'WP',
  flatNumber: '1',
  addressLine1: 'Jalan 1',
  addressType: 'home',
};

async function call(method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<void> {
  const response = await app.inject({ method, url, headers: headers(token), ...(body ? { payload: body as object } : {}) });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
}

/** CPU milliseconds per request of `step` over REQUESTS requests, after a warm-up of a fifth of them. */
async function measure(name: string, step: (i: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < REQUESTS / 5; i++) await step(-i - 1);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await step(i);
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - started;
  if (STATEMENTS) {
    const count = countFrom();
    await step(REQUESTS);
    console.log(JSON.stringify({ target: name, statements: count(), sql: statementLog }, null, 1));
  }
  console.log(
    JSON.stringify({
      target: name,
      requests: REQUESTS,
      cpuMsPerRequest: +((used.user + used.system) / 1000 / REQUESTS).toFixed(3),
      wallMsPerRequest: +(wall / REQUESTS).toFixed(3),
    }),
  );
}

const reader = await buyer();
for (const productId of productIds) await call('POST', '/v1/cart', reader, { productId, quantity: 1 });
const adder = await buyer();
const orderer = await buyer();

if (wanted('config')) await measure('GET /v1/config (auth read)', () => call('GET', '/v1/config', reader));
// Many buyers at once: each session comes back after more than a second (the session row's recheck
// interval without a revocation feed), as on a busy site; one token above is always the recent one.
if (wanted('sessions')) {
  const tokens: string[] = [];
  for (let i = 0; i < SESSIONS; i++) tokens.push(await buyer());
  // Every token used once first: its signature is checked once per process (tokens.ts), not measured.
  for (const token of tokens) await call('GET', '/v1/config', token);
  await measure(`GET /v1/config (auth read, ${SESSIONS} sessions in turn)`, (i) => call('GET', '/v1/config', tokens[Math.abs(i) % tokens.length]!));
}
if (wanted('cart')) await measure('GET /v1/cart (3 lines, 2 sellers)', () => call('GET', '/v1/cart?latitude=3.139&longitude=101.6869', reader));
if (wanted('add'))
  await measure('POST /v1/cart (add one unit)', (i) =>
    call('POST', '/v1/cart', adder, { productId: productIds[Math.abs(i) % productIds.length], quantity: 1 }),
  );
// A checkout after each add: only the checkout is measured, the add is measured above.
let cpuOfCheckouts = 0;
let checkouts = 0;
for (let i = 0; wanted('checkout') && i < REQUESTS / 2; i++) {
  await call('POST', '/v1/cart', orderer, { productId: productIds[i % productIds.length], quantity: 1 });
  const cpu = process.cpuUsage();
  await call('POST', '/v1/checkout', orderer, { idempotencyKey: `bench-checkout-${i}`, paymentType: 'COD', address: shipTo });
  const used = process.cpuUsage(cpu);
  if (i >= REQUESTS / 10) {
    cpuOfCheckouts += used.user + used.system;
    checkouts++;
  }
}
if (checkouts && STATEMENTS) {
  await call('POST', '/v1/cart', orderer, { productId: productIds[0], quantity: 1 });
  const count = countFrom();
  await call('POST', '/v1/checkout', orderer, { idempotencyKey: 'bench-checkout-counted', paymentType: 'COD', address: shipTo });
  // The held events' delivery runs on the next turns of the event loop: their statements count too.
  await new Promise((resolve) => setTimeout(resolve, 50));
  console.log(JSON.stringify({ target: 'POST /v1/checkout (COD, one line)', statements: count(), sql: statementLog }, null, 1));
}
if (checkouts)
  console.log(
    JSON.stringify({ target: 'POST /v1/checkout (COD, one line)', requests: checkouts, cpuMsPerRequest: +(cpuOfCheckouts / 1000 / checkouts).toFixed(3) }),
  );
await app.close();
if (process.env.KEEP_DATA) console.log(`data kept in ${dataDir}`);
else fs.rmSync(dataDir, { recursive: true, force: true });
