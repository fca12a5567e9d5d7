// The server's CPU per uncached listing or search over HTTP, and where it goes (issue #16 §2).
//
//   node bench/listing-http-cpu.mjs [--targets listing-uncached,search-uncached] [--duration 10]
//     [--rounds 1] [--data DIR] [--profile DIR] [--connections 50]
//
// Starts the server from the sources (`node --import tsx apps/server/src/main.ts`, or
// TESSERA_SERVER_CMD) on a copy of the benchmark catalog, loads it with run.mjs's targets (a guest
// token, `accept-encoding: br`), and prints per target the server's CPU per answered request (from
// /proc: it hardly moves when other work shares the machine, unlike req/s and latency). With
// --profile it runs the server under `--cpu-prof` and prints the self and total time by function of
// the timed runs only (samples between each run's start and end), the start-up and index builds left
// out. The copy of the catalog is kept in DIR (default: the system's temp dir) and reused.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { catalogTargets, discoverCatalog } from './catalog.mjs';
import { measure } from './measure.mjs';
import { freePort, startServer } from './servers.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');

const { values: opts } = parseArgs({
  options: {
    targets: { type: 'string', default: 'listing-uncached,search-uncached' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    catalog: { type: 'string', default: path.join(BENCH_DIR, 'data', 'catalog-100000-sqlite') },
    data: { type: 'string', default: path.join(os.tmpdir(), 'tessera-listing-http-cpu') },
    profile: { type: 'string' },
    top: { type: 'string', default: '45' },
    analyze: { type: 'string' },
  },
});

/** A copy of the kept catalog (the server writes sign-ins and recent searches), made once. */
function dataDir() {
  const marker = path.join(opts.data, '.copied');
  if (!fs.existsSync(marker)) {
    if (!fs.existsSync(path.join(opts.catalog, 'tessera.db'))) throw new Error(`${opts.catalog} holds no tessera.db: generate the benchmark catalog first`);
    console.log(`Copying ${opts.catalog} to ${opts.data}…`);
    fs.rmSync(opts.data, { recursive: true, force: true });
    fs.cpSync(opts.catalog, opts.data, { recursive: true });
    fs.writeFileSync(marker, '');
  }
  return opts.data;
}

async function signIn(server) {
  const body = JSON.stringify({
    deviceId: 'bench-0',
    ipAddress: '127.0.0.1',
    appVersion: '1',
    deviceMake: 'autocannon',
    deviceModel: '8',
    deviceOsVersion: 'Linux',
    deviceType: 3,
    deviceTime: '2026-11-22 10:00:00 AM',
  });
  const response = await fetch(`${server.url}/v1/guest/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const token = (await response.json())?.data?.token?.accessToken;
  if (!token) throw new Error(`sign-in failed: ${response.status}`);
  return token;
}

/** Self and total time by function (file:line) of the samples inside the windows (monotonic µs). */
function readProfile(file, windows) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url
          .replace(/^file:\/\//, '')
          .replace(REPO_ROOT + '/', '')
          .replace(/^.*node_modules\//, '~/')}:${lineNumber + 1}`
      : '';
    return `${functionName || '(anonymous)'} ${where}`.trim();
  };
  const self = new Map();
  const total = new Map();
  let time = profile.startTime;
  let inside = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i];
    if (!windows.some(([from, to]) => time >= from && time <= to)) continue;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    inside += delta;
    let node = byId.get(profile.samples[i]);
    const key = name(node);
    self.set(key, (self.get(key) ?? 0) + delta);
    const seen = new Set();
    while (node) {
      const k = name(node);
      if (!seen.has(k)) {
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + delta);
      }
      node = byId.get(parent.get(node.id));
    }
  }
  const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(opts.top));
  const share = (us) => `${((100 * us) / Math.max(1, inside)).toFixed(1).padStart(5)} %`;
  console.log(`\nProfile ${file}: ${(inside / 1000).toFixed(0)} ms sampled in the timed runs`);
  console.log('-- self --');
  for (const [key, us] of top(self)) console.log(`${share(us)}  ${key}`);
  console.log('-- total --');
  for (const [key, us] of top(total)) console.log(`${share(us)}  ${key}`);
}

if (opts.analyze) {
  // A profile written before: its timed runs' windows are beside it (windows.json), else every sample.
  const saved = path.join(path.dirname(opts.analyze), 'windows.json');
  readProfile(opts.analyze, fs.existsSync(saved) ? JSON.parse(fs.readFileSync(saved, 'utf8')) : [[0, Number.MAX_SAFE_INTEGER]]);
  process.exit(0);
}

const profileDir = opts.profile ? path.resolve(opts.profile) : undefined;
const raw =
  process.env.TESSERA_SERVER_CMD?.trim() || `node${profileDir ? ` --cpu-prof --cpu-prof-dir=${profileDir}` : ''} --import tsx apps/server/src/main.ts`;
const [command, ...args] = raw.split(/\s+/);
const port = await freePort();
const data = dataDir();
console.log(`Starting ${raw} on ${data}…`);
const server = await startServer({
  name: 'tessera',
  command: command === 'node' ? process.execPath : command,
  args,
  cwd: REPO_ROOT,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: data,
    LOG_LEVEL: 'warn',
    SIGNIN_RATE_LIMIT: '1000000000',
    GUEST_SIGNIN_RATE_LIMIT: '1000000000',
    JWT_SECRET: randomBytes(24).toString('hex'),
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  },
  port,
  readyPath: '/readyz',
  timeoutMs: 300_000,
});
const windows = [];
try {
  const token = await signIn(server);
  const catalog = await discoverCatalog(server, { authorization: token, language: 'en', platform: '3', currencycode: 'EUR' });
  const targets = catalogTargets({
    server,
    headers: { authorization: token, platform: '3', currencycode: 'EUR', 'accept-encoding': 'gzip, deflate, br, zstd' },
    catalog,
  });
  for (let round = 0; round < Number(opts.rounds); round++) {
    for (const name of opts.targets.split(',')) {
      const target = targets[name];
      if (!target) throw new Error(`unknown target ${name}`);
      const result = await measure(server, target, { duration: Number(opts.duration), connections: Number(opts.connections) });
      // The timed run alone (measure() warms up first): its last `duration` seconds, on the monotonic
      // clock the profile's timestamps use too.
      const end = Number(process.hrtime.bigint() / 1000n);
      windows.push([end - result.durationSeconds * 1e6, end]);
      const l = result.latencyMs;
      console.log(
        `${name}: ${Math.round(result.requestsPerSecond).toLocaleString('en-US')} req/s, p50 ${l.p50} p95 ${l.p95} p99 ${l.p99} ms, ` +
          `CPU ${result.cpuMsPerRequest} ms/request (${result.totalRequests.toLocaleString('en-US')} requests, load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
  }
} finally {
  await server.stop();
}
if (profileDir) {
  fs.writeFileSync(path.join(profileDir, 'windows.json'), JSON.stringify(windows));
  // The main thread's profile (thread 0); workers (the web renderer's, sharp's) write their own.
  const files = fs.readdirSync(profileDir).filter((f) => f.endsWith('.0.001.cpuprofile'));
  const newest = files.map((f) => path.join(profileDir, f)).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (newest) readProfile(newest, windows);
}
