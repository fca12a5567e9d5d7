import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real server process for the tests that need one: a crash and a restart (the kill tests), the
 * process's own output (the log), signals and exit codes (main.ts). The sources run through tsx, as
 * `npm run dev` does, so no build is needed.
 *
 * - `entry: 'main'` runs src/main.ts, as `npm start` does (migrations, demo seed, web pages when built);
 * - `entry: 'api'` runs src/test/serve-api.ts: the same app configured from the environment, without
 *   the web pages (the default).
 *
 * The process starts from a small environment (PATH, HOME, LOG_LEVEL=warn, HOST=127.0.0.1, PORT=0)
 * plus `env`; nothing else of the test runner's environment leaks into it. `url` resolves with the
 * address its ready line ("… running at http://…") names, and rejects with the whole output if the
 * process exits first.
 */
export interface ServerProcessOptions {
  entry?: 'main' | 'api';
  env?: Record<string, string | undefined>;
}

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** The server's base URL (http://127.0.0.1:port), once it is listening. */
  url: Promise<string>;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything written to standard output and error so far. */
  output(): string;
  /** SIGKILL: no shutdown, no flush, as a crash; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRIES = { main: 'src/main.ts', api: 'src/test/serve-api.ts' };

/** The arguments to run an entry through tsx (main.test.ts also runs main.ts with spawnSync). */
export const serverArgs = (entry: keyof typeof ENTRIES): string[] => ['--import', 'tsx', path.join(serverRoot, ENTRIES[entry])];

/** The environment a server process starts from, with `env` over it. */
export const serverEnv = (env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  ...env,
});

export function startServer(options: ServerProcessOptions = {}): ServerProcess {
  const child = spawn(process.execPath, serverArgs(options.entry ?? 'api'), { cwd: serverRoot, env: serverEnv(options.env) });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  // A test that never asks for the URL (it checks the exit instead) leaves no unhandled rejection.
  url.catch(() => undefined);
  return {
    child,
    url,
    exited,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
