import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAIN = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
const WEB_BUILD = path.join(REPO_ROOT, 'apps', 'web', 'build', 'server', 'index.js');

/** The secret the test servers sign access tokens with (tests mint tokens with it). */
export const TEST_JWT_SECRET = 'e2e-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  jwtSecret: string;
  /** Everything the server wrote to stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * On PostgreSQL (E2E_DATABASE_URL, or a DATABASE_URL given to the server or set for the run), each
 * server gets a database of its own, created empty on that PostgreSQL server and dropped when the
 * server stops — as each gets a fresh data directory. A database shared by runs kept the upload
 * rows of earlier servers whose files went with their data directories: pages of the next run
 * asked for them and the e2e tests failed on the broken pictures.
 */
async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tessera_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}

/**
 * Starts the BUILT server (`node apps/server/dist/main.js`, run `npm run build` first) on a free
 * port with a fresh data directory, and waits until GET /readyz answers 200.
 */
export async function startServer(env: Record<string, string> = {}, timeoutMs = 60_000): Promise<TestServer> {
  for (const file of [MAIN, WEB_BUILD]) {
    if (!existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file)} is missing: run "npm run build" first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-'));
  const postgresServer = env.DATABASE_URL ?? process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL;
  const database = postgresServer ? await freshPostgresDatabase(postgresServer) : undefined;
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      // Many sign-ins come from one address during a test run.
      SIGNIN_RATE_LIMIT: '100000',
      // The tests read codes and links as their recipients get them (GET /v1/dev/mailbox): the
      // admin console's outbox hides them.
      DEV_MAILBOX: 'true',
      // The demo driver moves by himself only in tests that ask for it.
      DEMO_DRIVER_SIMULATOR: 'false',
      ...env,
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with code ${child.exitCode} before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status === 200) return { url, port, dataDir, jwtSecret: TEST_JWT_SECRET, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await stop();
  throw new Error(`The server was not ready within ${timeoutMs} ms:\n${output}`);
}
