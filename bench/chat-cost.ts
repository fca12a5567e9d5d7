/**
 * What one chat message costs the server, measured in process on SQLite: CPU time and SQL statements
 * per message, from a buyer's MQTT publish on `Message/{store}` to its arrival at the store's client
 * (stored, deduplicated, masked, counted, then delivered by the events outbox). chat.mjs gives the
 * latency under load beside a bare broker; this gives the numbers to compare before and after a
 * change however busy the machine is (CPU time and statement counts do not depend on the load).
 * The two mqtt.js clients run in this process too: their share of the CPU is the same before and after.
 *
 * Run: `npx tsx bench/chat-cost.ts [--messages 2000] [--in-flight 1] [--profile FILE.cpuprofile]`;
 * `--profile` writes a CPU profile of the measured messages alone (not the start-up, not the warm-up).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import SQLite from 'better-sqlite3';
import mqtt from 'mqtt';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const MESSAGES = arg('messages', 2000);
const IN_FLIGHT = arg('in-flight', 1);
const WARMUP = Math.min(300, Math.floor(MESSAGES / 5));
const profileIndex = process.argv.indexOf('--profile');
const PROFILE = profileIndex > 0 ? process.argv[profileIndex + 1] : undefined;
const inspector = PROFILE ? new Session() : undefined;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
}

// Every statement the server runs goes through a better-sqlite3 Statement: count and time them by kind.
const statements = new Map<string, number>();
const statementMs = new Map<string, number>();
let counted = 0;
const originalPrepare = SQLite.prototype.prepare;
let patched = false;
SQLite.prototype.prepare = function prepare(this: SQLite.Database, source: string) {
  const statement = originalPrepare.call(this, source);
  if (!patched) {
    patched = true;
    const proto = Object.getPrototypeOf(statement) as Record<string, (...args: unknown[]) => unknown>;
    for (const method of ['all', 'run', 'get', 'iterate']) {
      const original = proto[method] as (...args: unknown[]) => unknown;
      proto[method] = function (this: SQLite.Statement, ...args: unknown[]) {
        counted++;
        const verb = this.source.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? '?';
        const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(this.source)?.[1] ?? '';
        const key = `${verb} ${table}`.trim();
        statements.set(key, (statements.get(key) ?? 0) + 1);
        const start = performance.now();
        try {
          return original.apply(this, args);
        } finally {
          statementMs.set(key, (statementMs.get(key) ?? 0) + performance.now() - start);
        }
      };
    }
  }
  return statement;
} as typeof SQLite.prototype.prepare;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-chat-'));
const app = await buildApp(
  loadConfig({
    ...process.env,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-at-least-32-characters',
    SIGNIN_RATE_LIMIT: '100000000',
    CHAT_MESSAGES_PER_MINUTE: '100000000',
    CHAT_CONVERSATIONS_PER_HOUR: '100000000',
  }),
  { web: false },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const ws = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
const LICENSE = { licensekey: 'tessera-chat-license', appsecret: 'tessera-chat-app-secret' };

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const password = { password: 'Bench password 1', confirmPassword: 'Bench password 1' };
const seller = await post('/v1/seller/signup', {
  firstName: 'Bench',
  lastName: 'Store',
  email: 'store@bench.test',
  countryCode: '+60',
  phone: '512345678',
  ...password,
  storeName: 'Bench store',
  storeAliasName: 'bench-store',
  country: 'MY',
  city: 'Kuching',
});
const buyerSignup = await post('/v1/customer/signup', {
  firstName: 'Bench',
  lastName: 'Buyer',
  email: 'buyer@bench.test',
  countryCode: '+971',
  phone: '512345679',
  ...password,
});
const store = (await post('/v1/isometrics/token', {}, { authorization: seller.data.token.accessToken })).data.data as { userId: string; userToken: string };
const buyer = (await post('/v1/isometrics/token', {}, { authorization: buyerSignup.data.token.accessToken })).data.data as {
  userId: string;
  userToken: string;
};
const { conversationId } = await post('/chat/conversation', { members: [store.userId] }, { ...LICENSE, usertoken: buyer.userToken });

const connect = async (session: { userId: string; userToken: string }) => {
  const client = mqtt.connect(ws, { username: session.userId, password: session.userToken, reconnectPeriod: 0 });
  await new Promise((resolve, reject) => client.once('connect', resolve).once('error', reject));
  return client;
};
const [buyerClient, storeClient] = await Promise.all([connect(buyer), connect(store)]);
await storeClient.subscribeAsync(`Message/${store.userId}`, { qos: 1 });
const waiting = new Map<string, () => void>();
storeClient.on('message', (_topic, payload) => waiting.get((JSON.parse(payload.toString()) as { messageId: string }).messageId)?.());

const latencies: number[] = [];
let cpu = { user: 0, system: 0 };
let queriesAtStart = 0;
let next = 0;
const started = { at: 0 };
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (next < MESSAGES) {
      const i = next++;
      if (i === WARMUP) {
        // Measure from here: the first messages warm the JIT and the statement cache.
        if (inspector) void inspector.post('Profiler.start');
        cpu = process.cpuUsage();
        queriesAtStart = counted;
        statements.clear();
        statementMs.clear();
        started.at = performance.now();
      }
      const messageId = `cost-${i}`;
      const arrived = new Promise<void>((resolve) => waiting.set(messageId, resolve));
      const sent = performance.now();
      buyerClient.publish(
        `Message/${store.userId}`,
        JSON.stringify({
          chatId: conversationId,
          senderId: buyer.userId,
          receiverId: store.userId,
          messageId,
          body: `Hello, is item ${i} available?`,
          client_id: 'bench',
        }),
        { qos: 1 },
      );
      await arrived;
      waiting.delete(messageId);
      if (i >= WARMUP) latencies.push(performance.now() - sent);
    }
  }),
);
const used = process.cpuUsage(cpu);
if (inspector && PROFILE) fs.writeFileSync(PROFILE, JSON.stringify((await inspector.post('Profiler.stop')).profile));
const measured = latencies.length;
const wall = performance.now() - started.at;
latencies.sort((a, b) => a - b);
const at = (p: number) => +(latencies[Math.min(measured - 1, Math.floor((p / 100) * measured))] as number).toFixed(2);
// Let the last rounds mark their events done before counting them in.
await new Promise((resolve) => setTimeout(resolve, 200));
const perMessage = (n: number) => +(n / measured).toFixed(2);
console.log(
  JSON.stringify(
    {
      messages: measured,
      inFlight: IN_FLIGHT,
      cpuMsPerMessage: +((used.user + used.system) / 1000 / measured).toFixed(3),
      statementsPerMessage: perMessage(counted - queriesAtStart),
      // Per message: how many of each statement, and the ms SQLite took running them.
      statements: Object.fromEntries(
        [...statements].sort((a, b) => b[1] - a[1]).map(([key, n]) => [key, `${perMessage(n)} × (${((statementMs.get(key) ?? 0) / measured).toFixed(3)} ms)`]),
      ),
      sqliteMsPerMessage: +([...statementMs.values()].reduce((a, b) => a + b, 0) / measured).toFixed(3),
      latencyMs: { p50: at(50), p99: at(99) },
      messagesPerSecond: Math.round((measured / wall) * 1000),
    },
    null,
    2,
  ),
);
await Promise.all([buyerClient.endAsync(true), storeClient.endAsync(true)]);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
