// Tessera's HTTP benchmark: `npm run bench` at the repository root (see README.md).
//
// It starts the built server and a bare Fastify server as child processes, loads each target in
// turn with autocannon, and reports requests per second and latency, each relative to the bare
// route measured in the same run on the same machine.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cartTargets, prepareCarts } from './cart.mjs';
import { catalogTargets, discoverCatalog, prepareCatalog } from './catalog.mjs';
import { measurePages } from './pages.mjs';
import { measurePasswordHashing } from './password-hash.mjs';
import { BenchError, measure, WARMUP_SECONDS } from './measure.mjs';
import { printReport, writeReport } from './report.mjs';
import { freePort, ServerError, startServer } from './servers.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_FILE = path.join(BENCH_DIR, 'results', 'latest.json');
// The cache-defeating variants last: when they overload the server, its backlog cannot spill over
// into the others' numbers.
const CATALOG_TARGETS = ['listing', 'product', 'reviews', 'listing-ratings', 'search', 'suggest', 'listing-uncached', 'search-uncached'];
const CART_TARGETS = ['cart', 'cart-add'];
const TARGETS = ['bare', 'signin', 'config', ...CART_TARGETS, 'login', ...CATALOG_TARGETS, 'pages'];
/** Short names for groups of targets in --only. */
const GROUPS = { carts: CART_TARGETS, listing: ['listing', 'listing-uncached'], ratings: ['product', 'reviews', 'listing-ratings'], search: ['search', 'search-uncached', 'suggest'], catalog: [...CATALOG_TARGETS, 'pages'] };
const DEFAULT_CATALOG = 100_000;

const USAGE = `Usage: node bench/run.mjs [--duration N] [--connections N] [--only T1,T2…] [--catalog N]
  --duration N      seconds of load per target, after a ${WARMUP_SECONDS}-second warm-up (default 10)
  --connections N   concurrent keep-alive connections (default 50)
  --only T1,T2…     measure these targets only: ${TARGETS.join(', ')}
                    or the groups listing, ratings, search, catalog; bare is added for the ratios
  --catalog N       products in the benchmark catalog (default ${DEFAULT_CATALOG}); 0: the demo seed
  --no-lighthouse   skip Lighthouse in the pages measurement
Environment:
  DATABASE_URL, REDIS_URL   passed to the server (unset: embedded SQLite, in-process state)
  TESSERA_SERVER_CMD        how to start the server (default: node apps/server/dist/main.js)`;

function positiveInteger(name, raw) {
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    console.error(`--${name} must be a whole number of at least 1, got "${raw}"\n\n${USAGE}`);
    process.exit(2);
  }
  return Number(raw);
}

function parseOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '50' },
        only: { type: 'string' },
        catalog: { type: 'string', default: String(DEFAULT_CATALOG) },
        'no-lighthouse': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  let targets = TARGETS;
  if (values.only !== undefined) {
    const names = values.only.split(',').map((name) => name.trim()).filter(Boolean);
    const unknown = names.filter((name) => !TARGETS.includes(name) && !GROUPS[name]);
    if (unknown.length || !names.length) {
      console.error(`--only takes targets among ${TARGETS.join(', ')} or ${Object.keys(GROUPS).join(', ')}, got "${values.only}"\n\n${USAGE}`);
      process.exit(2);
    }
    const wanted = new Set(names.flatMap((name) => GROUPS[name] ?? [name]));
    // The catalog targets' goals are ratios to the bare route: measure it in the same run.
    if ([...wanted].some((name) => CATALOG_TARGETS.includes(name))) wanted.add('bare');
    targets = TARGETS.filter((name) => wanted.has(name));
  }
  if (!/^\d+$/.test(values.catalog)) {
    console.error(`--catalog must be a whole number, got "${values.catalog}"\n\n${USAGE}`);
    process.exit(2);
  }
  return {
    duration: positiveInteger('duration', values.duration),
    connections: positiveInteger('connections', values.connections),
    targets,
    catalog: Number(values.catalog),
    lighthouse: !values['no-lighthouse'],
  };
}

/** The web client's guest sign-in body; `n` makes each device distinct, as real guests are. */
function guestDevice(n) {
  return {
    deviceId: `bench-${n}`,
    ipAddress: '127.0.0.1',
    appVersion: '127.0.0.1',
    deviceMake: 'autocannon',
    deviceModel: '8',
    deviceOsVersion: 'Linux',
    deviceType: 3,
    deviceTime: '2026-11-22 10:00:00 AM',
  };
}

function signInRequest(n) {
  return {
    method: 'POST',
    path: '/v1/guest/signIn',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(guestDevice(n)),
  };
}

/** One sign-in before the runs: the access token the authenticated-read target sends. */
async function signInOnce(server) {
  const { method, path: route, headers, body } = signInRequest(0);
  const response = await fetch(server.url + route, { method, headers, body });
  const text = await response.text();
  const token = response.ok ? JSON.parse(text)?.data?.token?.accessToken : undefined;
  if (!token) throw new BenchError(`The sign-in before the runs failed: ${response.status} ${text.slice(0, 500)}`);
  return token;
}

/**
 * Waits until the server answers promptly again: requests that autocannon gave up on (timeouts)
 * are still being worked on, and the next target must not be measured behind them.
 */
async function drain(server, limitMs = 180_000) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const started = Date.now();
    try {
      const response = await fetch(server.url + '/readyz', { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.ok && Date.now() - started < 200) return;
    } catch {
      // Still busy: try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The server command: TESSERA_SERVER_CMD split on spaces (no shell quoting), `node` = this Node. */
function serverCommand() {
  const raw = process.env.TESSERA_SERVER_CMD?.trim() || 'node apps/server/dist/main.js';
  const [command, ...args] = raw.split(/\s+/);
  if (!process.env.TESSERA_SERVER_CMD && !fs.existsSync(path.join(REPO_ROOT, args[0]))) {
    throw new BenchError(
      `${args[0]} does not exist: build first (npm run build at the root), or set TESSERA_SERVER_CMD, ` +
        `e.g. TESSERA_SERVER_CMD="npx tsx apps/server/src/main.ts"`,
    );
  }
  // The same Node as the benchmark, so the reported Node version is the server's.
  return { raw, command: command === 'node' ? process.execPath : command, args };
}

/**
 * The server's environment, built from scratch rather than inherited: a SITE_PASSWORD or
 * SEED_DEMO left in the caller's shell must not change what is measured.
 */
function tesseraEnv(port, dataDir) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME, // npx (in TESSERA_SERVER_CMD) needs it
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir, // a fresh SQLite database each run; unused with DATABASE_URL
    LOG_LEVEL: 'warn', // request logging at info costs real time and is not what we measure
    // The production limit (30 sign-ins a minute per address) would turn the load into 429s:
    // everything here comes from 127.0.0.1. The limiter still runs, so its cost is measured.
    SIGNIN_RATE_LIMIT: '1000000000',
    GUEST_SIGNIN_RATE_LIMIT: '1000000000',
    // A fixed secret skips generating and storing one at first start; any 32+ characters do.
    JWT_SECRET: randomBytes(24).toString('hex'),
    // The authenticated read reuses one token for the whole run: it must not expire (default
    // 15 minutes) during a long --duration, or the run turns into 406s.
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL']) {
    if (process.env[name]) env[name] = process.env[name];
  }
  return env;
}

async function main() {
  const options = parseOptions();
  const servers = [];
  let dataDir;
  const cleanup = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  // Ctrl-C: stop the servers (they are in their own process groups and did not get the signal),
  // remove the temporary database, and exit. A second Ctrl-C exits at once; the exit hook in
  // servers.mjs still SIGKILLs whatever is left.
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (interrupted) process.exit(130);
      interrupted = true;
      console.error(`\n${signal}: stopping the servers…`);
      cleanup().finally(() => process.exit(130));
    });
  }

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const environment = {
    date: new Date().toISOString(),
    database,
    redis: Boolean(process.env.REDIS_URL),
    node: process.version,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    durationSeconds: options.duration,
    connections: options.connections,
    warmupSeconds: WARMUP_SECONDS,
    serverCommand: process.env.TESSERA_SERVER_CMD?.trim() || 'node apps/server/dist/main.js',
    catalogProducts: null,
  };
  const needCatalog = options.targets.some((t) => CATALOG_TARGETS.includes(t) || t === 'pages');

  try {
    const needTessera = options.targets.some((t) => t !== 'bare');
    const needBare = options.targets.includes('bare');
    let tessera;
    let bare;

    if (needTessera) {
      const { raw, command, args } = serverCommand();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
      let serverDataDir = dataDir;
      if (needCatalog && options.catalog > 0) {
        serverDataDir = await prepareCatalog({ repoRoot: REPO_ROOT, benchDir: BENCH_DIR, products: options.catalog, databaseUrl: process.env.DATABASE_URL, runDir: dataDir });
        environment.catalogProducts = options.catalog;
      }
      const port = await freePort();
      console.log(`Starting Tessera (${raw}) on port ${port}, ${database}${environment.redis ? ' + Redis' : ''}…`);
      tessera = await startServer({
        name: 'tessera',
        command,
        args,
        cwd: REPO_ROOT,
        env: tesseraEnv(port, serverDataDir),
        port,
        readyPath: '/readyz', // 200 only once the database answers (and migrations have run)
      });
      servers.push(tessera);
    }
    if (needBare) {
      const port = await freePort();
      console.log(`Starting the bare Fastify server on port ${port}…`);
      bare = await startServer({
        name: 'bare',
        command: process.execPath,
        args: [path.join(BENCH_DIR, 'bare-server.mjs')],
        cwd: REPO_ROOT,
        env: { PORT: String(port), HOST: '127.0.0.1' },
        port,
        readyPath: '/bare',
      });
      servers.push(bare);
    }

    let signIns = 0;
    const needCarts = options.targets.some((t) => CART_TARGETS.includes(t));
    const accessToken = options.targets.includes('config') || needCatalog || needCarts ? await signInOnce(tessera) : undefined;
    let catalog;
    if (needCatalog || needCarts) {
      // The catalog requests carry what the web client sends: its guest token and the locale headers.
      catalog = await discoverCatalog(tessera, { authorization: accessToken, language: 'en', platform: '3', currencycode: 'EUR' });
      environment.catalogProducts = catalog.total;
      console.log(
        `Catalog: ${catalog.total.toLocaleString('en-US')} published products, ${catalog.categories.length} categories, ` +
          `${catalog.certifications.length} certification schemes, ${catalog.slugs.length.toLocaleString('en-US')} product slugs for the product target.`,
      );
    }
    const targets = {
      bare: { name: 'bare', label: 'bare Fastify GET /bare', server: bare, request: () => ({ method: 'GET', path: '/bare' }) },
      signin: {
        name: 'signin',
        label: 'POST /v1/guest/signIn (write)',
        server: tessera,
        dynamic: true, // a distinct deviceId per request
        request: () => signInRequest(++signIns),
      },
      login: {
        name: 'login',
        label: 'POST /v1/customer/login (scrypt)',
        server: tessera,
        connections: 8,
        // The seeded demo buyer: every request checks the password and opens a session.
        request: () => ({
          method: 'POST',
          path: '/v1/customer/login',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'buyer@tessera.test', password: 'Tessera-demo-2026' }),
        }),
      },
      // What Chromium's fetch sends: answers of 1 kB and more come back compressed (the read cache keeps the compressed copy).
      ...(needCarts
        ? cartTargets({
            server: tessera,
            headers: { platform: '3', language: 'en', currencycode: 'EUR' },
            carts: await prepareCarts({ server: tessera, headers: { language: 'en', platform: '3', currencycode: 'EUR' }, slugs: catalog.slugs, signIn: () => signInOnce(tessera) }),
          })
        : {}),
      ...(catalog && needCatalog ? catalogTargets({ server: tessera, headers: { authorization: accessToken, platform: '3', currencycode: 'EUR', 'accept-encoding': 'gzip, deflate, br, zstd' }, catalog }) : {}),
      config: {
        name: 'config',
        label: 'GET /v1/config (auth read)',
        server: tessera,
        request: () => ({
          method: 'GET',
          path: '/v1/config',
          // The bare token, as the web client sends it (no "Bearer").
          headers: { authorization: accessToken, language: 'en', platform: '3' },
        }),
      },
    };

    // One target at a time: on two cores, parallel runs would measure contention, not the routes.
    const results = [];
    const failures = [];
    for (const name of options.targets.filter((t) => t !== 'pages')) {
      const target = targets[name];
      console.log(
        `Measuring ${target.label}: ${target.warmupSeconds ?? WARMUP_SECONDS} s warm-up, then ${options.duration} s, ${target.connections ?? options.connections} connections…`,
      );
      try {
        results.push(await measure(target.server, target, options));
      } catch (error) {
        // A catalog target that fails (timeouts on a slow route) is reported and the run goes on,
        // so the other targets still get their numbers; the run still exits with an error.
        if (!(error instanceof BenchError) || !CATALOG_TARGETS.includes(name) || target.server.exited) throw error;
        console.error(error.message);
        failures.push({ target: name, label: target.label, error: error.message.split('\n')[0] });
        await drain(target.server);
      }
    }

    let hashing;
    if (options.targets.includes('login')) {
      console.log('Measuring one password check (scrypt) at a time for 3 s…');
      hashing = await measurePasswordHashing({ repoRoot: REPO_ROOT });
      environment.passwordHashing = hashing;
    }
    let pages;
    if (options.targets.includes('pages')) {
      console.log(`Measuring the server-rendered pages${options.lighthouse ? ' (and Lighthouse, when installed)' : ''}…`);
      await drain(tessera);
      const category = catalog.categories[0];
      const slugs = catalog.slugs;
      pages = await measurePages(
        tessera,
        [
          { name: 'home', path: '/' },
          { name: 'listing', path: `/c/${encodeURIComponent(category)}?sort=price_asc`, vary: (i) => `/c/${encodeURIComponent(catalog.categories[i % catalog.categories.length])}?sort=price_asc` },
          { name: 'product', path: `/p/${encodeURIComponent(slugs[0])}`, vary: (i) => `/p/${encodeURIComponent(slugs[(i * 37) % slugs.length])}` },
        ],
        { lighthouse: options.lighthouse },
      );
    }
    printReport(environment, results, pages, failures);
    if (hashing) {
      console.log(
        `Password check (scrypt ${hashing.parameters}): ${hashing.meanMs.toFixed(1)} ms mean, ${hashing.p99Ms.toFixed(1)} ms p99 ` +
          `→ ${hashing.perSecondOneCore.toFixed(1)} checks per second on one core (${hashing.checks} measured)`,
      );
    }
    writeReport(RESULTS_FILE, environment, results, pages, failures);
    console.log(`Results written to ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
    if (failures.length) {
      console.error(`\n${failures.length} target(s) failed: ${failures.map((f) => f.target).join(', ')} (see above).`);
      process.exitCode = 1;
    }
  } catch (error) {
    if (interrupted) return;
    console.error('\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
    console.error('!!! BENCHMARK FAILED: the numbers would not mean anything');
    console.error('!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
    // Expected failures print their message; anything else its stack, to find the bug.
    console.error(error instanceof BenchError || error instanceof ServerError ? error.message : error);
    process.exitCode = 1;
  } finally {
    if (!interrupted) await cleanup();
  }
}

await main();
