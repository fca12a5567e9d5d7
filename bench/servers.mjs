// Starting and stopping the servers under test as child processes.
//
// Why child processes and not `buildApp()` in this process: the load generator (autocannon) must
// not share an event loop with the server, or each would slow the other down in ways that do not
// exist in production. Separate processes also mean we measure exactly what `node
// apps/server/dist/main.js` runs in production.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** Lines of server output kept to explain a failure (start-up crash, exit in the middle of a run). */
const TAIL_LINES = 40;

/** Every process group started and not yet stopped: killed for sure when this process exits. */
const running = new Set();
process.on('exit', () => {
  // Last resort (an uncaught error, process.exit elsewhere): never leave a server running.
  for (const server of running) killGroup(server.pid, 'SIGKILL');
});

/** A port that is free right now: the OS picks it, we release it and hand it to a server. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function killGroup(pid, signal) {
  try {
    // Negative pid: the whole process group. The command may be a launcher (`npx tsx …`) whose
    // real server is a grandchild; signalling only the direct child would orphan it.
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // ESRCH: nothing left in the group.
  }
}

function groupAlive(pid) {
  return killGroup(pid, 0);
}

/**
 * CPU time (user + system, milliseconds) used so far by the processes of a server's process group,
 * from /proc (Linux; null elsewhere). Read before and after a timed run, it gives the server's CPU
 * per request: unlike requests per second, it hardly moves when other work shares the machine.
 */
export function groupCpuMs(pid) {
  let entries;
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  const tickMs = 1000 / CLOCK_TICKS_PER_SECOND;
  let total = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // The command name (field 2) may hold spaces: the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[2] is the process group (field 5), fields[11] and [12] utime and stime (fields 14, 15).
    if (Number(fields[2]) === pid) total += (Number(fields[11]) + Number(fields[12])) * tickMs;
  }
  return total;
}

/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** A server that would not start or stop: its message (with the server's output) says it all. */
export class ServerError extends Error {}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `command args…` in its own process group and waits until `readyPath` answers 200.
 * Output is kept quiet until the server is ready (start-up banners would clutter the report);
 * after that it is forwarded, prefixed, so warnings logged under load are seen.
 */
export async function startServer({ name, command, args, cwd, env, port, readyPath, timeoutMs = 60_000 }) {
  const child = spawn(command, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: Ctrl-C in the terminal reaches only the benchmark, which then stops the
    // servers in order (SIGTERM, then SIGKILL), and killGroup() reaches grandchildren.
    detached: true,
  });
  const server = {
    name,
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    tail: [],
    ready: false,
    exited: null, // { code, signal } once the process has ended
    stopping: false,
  };
  running.add(server);

  const onOutput = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      server.tail.push(line);
      if (server.tail.length > TAIL_LINES) server.tail.shift();
      if (server.ready) console.log(`  [${name}] ${line}`);
    }
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);

  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      server.exited = { code, signal };
      if (server.ready && !server.stopping) {
        // Loud: every number measured after this point is meaningless.
        console.error(`\n!!! ${name} exited in the middle of the benchmark (code ${code}, signal ${signal})`);
      }
      resolve();
    });
  });
  server.waitExit = () => exited;
  child.on('error', (error) => {
    server.exited = { code: null, signal: null, error };
  });

  server.stop = () => stopServer(server);
  server.output = () => server.tail.join('\n');

  const deadline = Date.now() + timeoutMs;
  while (true) {
    if (server.exited) {
      running.delete(server);
      const how = server.exited.error ? server.exited.error.message : `code ${server.exited.code}`;
      throw new ServerError(`${name} exited before it was ready (${how}). Its last output:\n${server.output()}`);
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new ServerError(`${name} was not ready after ${timeoutMs / 1000} s. Its last output:\n${server.output()}`);
    }
    try {
      const response = await fetch(server.url + readyPath, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  server.ready = true;
  return server;
}

/** SIGTERM (a graceful close, as in production), then SIGKILL after 5 s if anything is left. */
async function stopServer(server) {
  if (server.stopping) return server.waitExit();
  server.stopping = true;
  killGroup(server.pid, 'SIGTERM');
  const deadline = Date.now() + 5_000;
  while (groupAlive(server.pid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(server.pid)) {
    console.error(`  ${server.name} did not stop within 5 s of SIGTERM: sending SIGKILL`);
    killGroup(server.pid, 'SIGKILL');
  }
  running.delete(server);
  if (!server.exited) await server.waitExit();
}
