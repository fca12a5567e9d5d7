// One measurement: a warm-up, then the timed autocannon run, then the checks that make the
// numbers trustworthy.
import autocannon from 'autocannon';
import { groupCpuMs } from './servers.mjs';

/** Seconds of load before each timed run: lets V8 optimise the hot paths and pools fill up. */
export const WARMUP_SECONDS = 2;

export class BenchError extends Error {}

/**
 * Runs autocannon once. `target.request()` returns { method, path, headers?, body? }. Resolves to
 * autocannon's result plus `times`: every successful response's latency in milliseconds (with
 * fractions), because autocannon's own histogram counts whole milliseconds and has no p95.
 */
async function runAutocannon(server, target, options) {
  const times = [];
  const instance = startAutocannon(server, target, options);
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  return Object.assign(result, { times });
}

function startAutocannon(server, target, { duration, connections }) {
  // The load generator shares the machine's two cores with the server: the cheaper its requests,
  // the more of the machine the server gets. A fixed list (`sequence`) is built into bytes once and
  // each connection cycles through it from its start (they drift apart as answers take different
  // times); only requests that must differ every time (a fresh price range, a new device id) are
  // made per call.
  const requests = target.sequence
    ? target.sequence
    : target.dynamic
      ? [{ setupRequest: (defaults) => ({ ...defaults, ...target.request() }) }]
      : [target.request()];
  return autocannon({
    url: server.url,
    connections,
    duration,
    requests,
  });
}

/**
 * Checks that every request of a run succeeded. A run with errors measures how fast the server
 * refuses (a 401 or 429 is much cheaper than the real work), so it must fail the benchmark.
 */
async function check(result, server, target, phase) {
  const problems = [];
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx responses`);
  if (result.errors > 0) problems.push(`${result.errors} connection errors (of which ${result.timeouts} timeouts)`);
  if (result['2xx'] === 0) problems.push('no successful response at all');
  if (problems.length === 0) return;

  // One request by hand shows what the server says, which usually explains the failure.
  let sample;
  try {
    const { method, path, headers, body } = target.request();
    const response = await fetch(server.url + path, { method, headers, body, signal: AbortSignal.timeout(5_000) });
    sample = `${response.status} ${(await response.text()).slice(0, 500)}`;
  } catch (error) {
    sample = `request failed: ${error.message}`;
  }
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(', ');
  throw new BenchError(
    [
      `${target.name} (${phase}): ${problems.join('; ')}`,
      `  status codes: ${codes || 'none'}`,
      `  one more request now answers: ${sample}`,
      server.exited ? `  the server has exited; its last output:\n${server.output()}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

/** The value below which `share` (0–1) of the sorted times fall. */
export function percentile(sorted, share) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * share) - 1))];
}

/**
 * Sends every request of `target.prime` once, a few at a time, before the warm-up: the product
 * target cycles over thousands of products, and a warm-up of seconds under 50 connections that all
 * start at the first one does not reach the last ones. Without it the timed run measures the first
 * build of hundreds of answers, not the cached answer a product page gets once it has been viewed.
 * Returns the latencies of these first, uncached answers, which the report shows beside the run.
 */
async function prime(server, target) {
  const requests = target.prime;
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const { method, path, headers } = requests[next++];
      const started = performance.now();
      const response = await fetch(server.url + path, { method, headers, signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (!response.ok) throw new BenchError(`${target.name} (priming): ${method} ${path} answered ${response.status}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const sorted = Float64Array.from(times).sort();
  return { requests: times.length, p50: Number(percentile(sorted, 0.5).toFixed(2)), p95: Number(percentile(sorted, 0.95).toFixed(2)) };
}

/** Priming (for targets that ask for it), warm-up, then the timed run; returns the numbers the report needs. */
export async function measure(server, target, options) {
  const { duration } = options;
  const primed = target.prime ? await prime(server, target) : undefined;
  if (primed) console.log(`  primed ${primed.requests.toLocaleString('en-US')} answers (4 at a time, uncached): p50 ${primed.p50} ms, p95 ${primed.p95} ms`);
  // A target may ask for fewer connections: 50 logins queued behind 32 MiB scrypt hashes on two
  // cores would take longer than the warm-up to answer at all.
  const connections = target.connections ?? options.connections;
  // A target may ask for a longer warm-up: the catalog's read caches and SQLite's page cache fill first.
  const warmup = await runAutocannon(server, target, { duration: target.warmupSeconds ?? WARMUP_SECONDS, connections });
  await check(warmup, server, target, 'warm-up');
  const cpuBefore = groupCpuMs(server.pid);
  const result = await runAutocannon(server, target, { duration, connections });
  const cpuAfter = groupCpuMs(server.pid);
  await check(result, server, target, 'timed run');
  const sorted = Float64Array.from(result.times).sort();
  const at = (share) => Number(percentile(sorted, share).toFixed(2));
  return {
    target: target.name,
    label: target.label,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: at(0.5), p90: at(0.9), p95: at(0.95), p99: at(0.99), max: at(1) },
    totalRequests: result['2xx'],
    // The server's CPU per answered request (ms): the cost of the route, whatever else runs here.
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : Number(((cpuAfter - cpuBefore) / Math.max(1, result['2xx'])).toFixed(3)),
    connections,
    durationSeconds: result.duration,
    ...(primed ? { primed } : {}),
  };
}
