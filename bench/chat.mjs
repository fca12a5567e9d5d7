// Chat benchmark (issue #12 §6): `node bench/chat.mjs [--clients 1000] [--messages 2000] [--capacity 10000] [--scale] [--lost-after 30000]`
//
// 1. Latency: N clients connected (buyers plus the stores they talk to); one-to-one messages
//    published over MQTT into the chat (stored, deduplicated, masked, then delivered by the events
//    outbox) and timed from publish to arrival at the receiver; beside it, in the same run, the same
//    clients and pattern on a bare aedes broker (bare-broker.mjs): the ceiling of an MQTT round trip.
// 2. Capacity: how many concurrent connections one instance holds (up to --capacity), and the
//    server's memory (RSS) per connection.
// 3. Scale mode (--scale, needs PostgreSQL and Redis on this machine): the same messages with
//    everyone on one instance on PostgreSQL and Redis, then with buyers on one instance and stores
//    on another. Smaller defaults (200 clients, 1,000 messages, no capacity phase) keep the whole
//    run within minutes: every client is a real signup, the slow part of the setup.
//
// The servers run as child processes (the API alone, src/test/serve-api.ts through tsx), never in
// this process, so that the load generator does not share their event loop.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import pg from 'pg';
import { freePort } from './servers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRoot = path.join(root, 'apps/server');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
// The scale run starts four servers and signs everyone up twice (SQLite, then PostgreSQL): its
// defaults are smaller so that the whole run ends within minutes on this 2-core machine, and it
// skips the capacity phase (measured by the plain run) unless --capacity is given.
const SCALE = args.includes('--scale');
const CLIENTS = option('clients', SCALE ? 200 : 1000);
const MESSAGES = option('messages', SCALE ? 1000 : 2000);
const CAPACITY = option('capacity', SCALE ? 0 : 10000);
/** A message not delivered within this time counts as lost, so that a lost message cannot hang the run. */
const LOST_AFTER_MS = option('lost-after', 30_000);
const IN_FLIGHT = option('in-flight', 10);
const STORES = 20;
const LICENSE = { licensekey: 'tessera-chat-license', appsecret: 'tessera-chat-app-secret' };
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function startProcess(command, argv, env, readyPattern) {
  const child = spawn(command, argv, { cwd: serverRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = readyPattern.exec(output);
      if (match) resolve({ child, url: match[1] });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}:\n${output.slice(-3000)}`)));
  });
}

async function startServer(env) {
  const port = await freePort();
  const server = await startProcess(
    process.execPath,
    ['--import', 'tsx', 'src/test/serve-api.ts'],
    {
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      SIGNIN_RATE_LIMIT: '1000000000',
      CHAT_MESSAGES_PER_MINUTE: '1000000000',
      CHAT_CONVERSATIONS_PER_HOUR: '1000000000',
      // Every bench client comes from 127.0.0.1, like connections behind a load balancer: the
      // per-address bound (100 by default) would close the 101st.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      ...env,
    },
    /API running at (http:\/\/\S+)/,
  );
  return { ...server, http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/mqtt` };
}

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function post(base, url, body, headers = {}) {
  const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const json = await response.json();
  if (response.status >= 300) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs fn over items, `limit` at a time. */
async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index], index);
      }
    }),
  );
  return results;
}

const phone = (i) => `5${String(10_000_000 + i).padStart(8, '0')}`;
const run = Date.now().toString(36);

/** Buyers and stores with chat sessions, and one conversation per buyer with a store. */
async function makePeople(base, buyers) {
  const stores = await pool(
    Array.from({ length: STORES }, (_, i) => i),
    4,
    async (i) => {
      const signup = await post(base, '/v1/seller/signup', {
        firstName: 'Bench',
        lastName: 'Store',
        email: `bench-store-${run}-${i}@bench.test`,
        countryCode: '+60',
        phone: phone(900_000 + i),
        password: 'Bench password 1',
        confirmPassword: 'Bench password 1',
        storeName: `Bench store ${i}`,
        storeAliasName: `bench-${run}-${i}`,
        country: 'MY',
        city: 'Kuching',
      });
      return (await post(base, '/v1/isometrics/token', {}, { authorization: signup.data.token.accessToken })).data.data;
    },
  );
  const people = await pool(
    Array.from({ length: buyers }, (_, i) => i),
    8,
    async (i) => {
      const signup = await post(base, '/v1/customer/signup', {
        firstName: 'Bench',
        lastName: 'Buyer',
        email: `bench-buyer-${run}-${i}@bench.test`,
        countryCode: '+971',
        phone: phone(i),
        password: 'Bench password 1',
        confirmPassword: 'Bench password 1',
      });
      const session = (await post(base, '/v1/isometrics/token', {}, { authorization: signup.data.token.accessToken })).data.data;
      const store = stores[i % STORES];
      const conversation = await post(base, '/chat/conversation', { members: [store.userId] }, { ...LICENSE, usertoken: session.userToken });
      return { buyer: session, store, conversationId: conversation.conversationId };
    },
  );
  return { stores, people };
}

async function connect(url, auth, extra = {}) {
  const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 60_000, keepalive: 60, ...auth, ...extra });
  await new Promise((resolve, reject) => {
    client.once('connect', resolve);
    client.once('error', reject);
  });
  return client;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (samples) => {
  if (samples.length === 0) return { p50: null, p99: null, max: null, n: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: +percentile(sorted, 50).toFixed(2), p99: +percentile(sorted, 99).toFixed(2), max: +sorted.at(-1).toFixed(2), n: sorted.length };
};

/**
 * Connects every buyer and store (on `urlOf(kind)`), then sends MESSAGES one-to-one messages, buyer
 * to store, IN_FLIGHT at a time, timing publish → arrival at the store's client.
 */
async function latency({ urlOf, people, stores, auth, payloadOf }) {
  const waiting = new Map();
  const clients = [];
  const storeClients = await pool(stores, 10, async (store) => {
    const client = await connect(urlOf('store'), auth(store));
    await client.subscribeAsync(`Message/${store.userId}`, { qos: 1 });
    client.on('message', (_topic, payload) => {
      const { messageId } = JSON.parse(payload.toString());
      const resolve = waiting.get(messageId);
      if (resolve) resolve(performance.now());
    });
    clients.push(client);
    return client;
  });
  const buyerClients = await pool(people, 25, async ({ buyer }) => {
    const client = await connect(urlOf('buyer'), auth(buyer));
    await client.subscribeAsync(`Message/${buyer.userId}`, { qos: 1 });
    clients.push(client);
    return client;
  });
  const samples = [];
  let lost = 0;
  const order = Array.from({ length: MESSAGES }, (_, i) => i);
  const warmup = Math.min(200, Math.floor(MESSAGES / 10));
  await pool(order, IN_FLIGHT, async (i) => {
    const person = people[i % people.length];
    const client = buyerClients[i % people.length];
    const messageId = `bench-${run}-${i}-${Math.random().toString(36).slice(2, 8)}`;
    let timer;
    const arrived = new Promise((resolve) => {
      waiting.set(messageId, resolve);
      timer = setTimeout(() => resolve(undefined), LOST_AFTER_MS);
    });
    const started = performance.now();
    client.publish(`Message/${person.store.userId}`, JSON.stringify(payloadOf(person, messageId)), { qos: 1 });
    const at = await arrived;
    clearTimeout(timer);
    waiting.delete(messageId);
    if (at === undefined) lost++;
    else if (i >= warmup) samples.push(at - started);
  });
  await Promise.all(clients.map((client) => client.endAsync(true)));
  void storeClients;
  return { ...summary(samples), lost };
}

const chatPayload = (person, messageId) => ({
  chatId: person.conversationId,
  senderId: person.buyer.userId,
  receiverId: person.store.userId,
  messageId,
  body: `Hello, is item ${messageId.slice(-4)} available?`,
  client_id: 'bench',
});

async function capacity(server, people) {
  const before = rssOf(server.child.pid);
  const clients = [];
  let failed;
  const batch = 200;
  for (let opened = 0; opened < CAPACITY && !failed; opened += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, CAPACITY - opened) }, async (_, j) => {
        const person = people[(opened + j) % people.length];
        try {
          const client = await connect(server.ws, { username: person.buyer.userId, password: person.buyer.userToken, clientId: `cap-${opened + j}` });
          client.subscribe(`Message/${person.buyer.userId}`, { qos: 1 });
          clients.push(client);
        } catch (error) {
          failed ??= error;
        }
      }),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = rssOf(server.child.pid);
  const result = {
    connections: clients.length,
    rssBeforeMb: +(before / 2 ** 20).toFixed(1),
    rssAfterMb: +(after / 2 ** 20).toFixed(1),
    kbPerConnection: +((after - before) / 1024 / Math.max(1, clients.length)).toFixed(1),
    error: failed ? String(failed.message ?? failed) : null,
  };
  await pool(clients, 500, (client) => client.endAsync(true));
  return result;
}

const started = performance.now();
const log = (...what) => console.log(`[${((performance.now() - started) / 1000).toFixed(0)} s, load ${os.loadavg()[0].toFixed(1)}]`, ...what);

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-chat-bench-'));
  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
    clients: CLIENTS,
    messages: MESSAGES,
    inFlight: IN_FLIGHT,
    loadAverageAtStart: os.loadavg().map((n) => +n.toFixed(1)),
  };
  try {
    const server = await startServer({ DATA_DIR: dataDir });
    const bare = await startProcess(process.execPath, [path.join(root, 'bench/bare-broker.mjs')], {}, /bare broker at (ws:\/\/\S+)/);
    log('creating', CLIENTS - STORES, 'buyers and', STORES, 'stores (SQLite) …');
    const { stores, people } = await makePeople(server.http, CLIENTS - STORES);
    const chatAuth = (session) => ({ username: session.userId, password: session.userToken });

    log('latency: chat (stored, delivered by the outbox) …');
    report.chat = await latency({ urlOf: () => server.ws, people, stores, auth: chatAuth, payloadOf: chatPayload });
    log('latency: bare broker …');
    report.bare = await latency({ urlOf: () => bare.url, people, stores, auth: () => ({}), payloadOf: chatPayload });
    report.ratioP99 = +(report.chat.p99 / report.bare.p99).toFixed(2);
    log(JSON.stringify({ chat: report.chat, bare: report.bare, ratioP99: report.ratioP99 }));

    if (CAPACITY > 0) {
      log(`capacity: up to ${CAPACITY} connections …`);
      report.capacity = await capacity(server, people);
      log(JSON.stringify(report.capacity));
    }
    server.child.kill('SIGTERM');
    bare.child.kill('SIGTERM');

    if (SCALE) report.scale = await scaleMode();
  } finally {
    for (const child of children) child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  report.loadAverageAtEnd = os.loadavg().map((n) => +n.toFixed(1));
  report.seconds = Math.round((performance.now() - started) / 1000);
  console.log('\n' + JSON.stringify(report, null, 2));
}

/**
 * Two instances on one fresh PostgreSQL database and the bench's own Redis database: first every
 * client on instance 1 (the same path as the single-instance run, on PostgreSQL and Redis), then
 * buyers on instance 1 and stores on instance 2, so the cross-instance cost stands apart from the
 * database's.
 */
async function scaleMode() {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const name = `tessera_chat_bench_${run}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const redisUrl = 'redis://127.0.0.1:6379/9';
  // Redis database 9 is the bench's own: a run stopped half-way must not leave sessions or
  // subscriptions to the next.
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
  const env = {
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}`,
    REDIS_URL: redisUrl,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-chat-scale-')),
  };
  try {
    const one = await startServer(env);
    const two = await startServer(env);
    log(`scale mode: creating ${CLIENTS - STORES} buyers and ${STORES} stores (PostgreSQL) …`);
    const { stores, people } = await makePeople(one.http, CLIENTS - STORES);
    const auth = (s) => ({ username: s.userId, password: s.userToken });
    log('latency: everyone on instance 1 (PostgreSQL, Redis) …');
    const sameInstance = await latency({ urlOf: () => one.ws, people, stores, auth, payloadOf: chatPayload });
    log(JSON.stringify({ sameInstance }));
    log('latency: buyers on instance 1, stores on instance 2 …');
    const crossInstance = await latency({ urlOf: (kind) => (kind === 'buyer' ? one.ws : two.ws), people, stores, auth, payloadOf: chatPayload });
    log(JSON.stringify({ crossInstance }));
    one.child.kill('SIGTERM');
    two.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return { sameInstance, crossInstance };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
