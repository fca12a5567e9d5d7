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
import { measurePasswordHashing } from './password-hash.mjs';
import { BenchError, measure, WARMUP_SECONDS } from './measure.mjs';
import { printReport, writeReport } from './report.mjs';
import { freePort, ServerError, startServer } from './servers.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_FILE = path.join(BENCH_DIR, 'results', 'latest.json');
const TARGETS = ['bare', 'signin', 'config', 'login'];

const USAGE = `Usage: node bench/run.mjs [--duration N] [--connections N] [--only ${TARGETS.join('|')}]
  --duration N      seconds of load per target, after a ${WARMUP_SECONDS}-second warm-up (default 10)
  --connections N   concurrent keep-alive connections (default 50)
  --only TARGET     measure one target only (no "× bare" ratio unless TARGET is bare)
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
  if (values.only !== undefined && !TARGETS.includes(values.only)) {
    console.error(`--only must be one of ${TARGETS.join(', ')}, got "${values.only}"\n\n${USAGE}`);
    process.exit(2);
  }
  return {
    duration: positiveInteger('duration', values.duration),
    connections: positiveInteger('connections', values.connections),
    targets: values.only ? [values.only] : TARGETS,
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
  };

  try {
    const needTessera = options.targets.some((t) => t !== 'bare');
    const needBare = options.targets.includes('bare');
    let tessera;
    let bare;

    if (needTessera) {
      const { raw, command, args } = serverCommand();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
      const port = await freePort();
      console.log(`Starting Tessera (${raw}) on port ${port}, ${database}${environment.redis ? ' + Redis' : ''}…`);
      tessera = await startServer({
        name: 'tessera',
        command,
        args,
        cwd: REPO_ROOT,
        env: tesseraEnv(port, dataDir),
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
    const accessToken = options.targets.includes('config') ? await signInOnce(tessera) : undefined;
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
    for (const name of options.targets) {
      const target = targets[name];
      console.log(
        `Measuring ${target.label}: ${WARMUP_SECONDS} s warm-up, then ${options.duration} s, ${target.connections ?? options.connections} connections…`,
      );
      results.push(await measure(target.server, target, options));
    }

    let hashing;
    if (options.targets.includes('login')) {
      console.log('Measuring one password check (scrypt) at a time for 3 s…');
      hashing = await measurePasswordHashing({ repoRoot: REPO_ROOT });
      environment.passwordHashing = hashing;
    }
    printReport(environment, results);
    if (hashing) {
      console.log(
        `Password check (scrypt ${hashing.parameters}): ${hashing.meanMs.toFixed(1)} ms mean, ${hashing.p99Ms.toFixed(1)} ms p99 ` +
          `→ ${hashing.perSecondOneCore.toFixed(1)} checks per second on one core (${hashing.checks} measured)`,
      );
    }
    writeReport(RESULTS_FILE, environment, results);
    console.log(`Results written to ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
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
