/** The load side of bench/checkout.ts, in its own process: reads the setup file it is given. */
import fs from 'node:fs';

const { base, tokens, productId, shipTo, seconds: SECONDS } = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { base: string; tokens: string[]; productId: string; shipTo: unknown; seconds: number };
const BUYERS = tokens.length;

async function request(method: string, url: string, token: string, body?: unknown): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { method, headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function run(name: string, step: (token: string, i: number) => Promise<{ status: number; ms: number }>) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        const result = await step(token, worker * 1_000_000 + i);
        if (result.status !== 200) errors++;
        else latencies.push(result.ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const line = { target: name, concurrency: BUYERS, perSecond: Math.round(latencies.length / seconds), p50: +percentile(latencies, 50).toFixed(1), p99: +percentile(latencies, 99).toFixed(1), errors };
  console.log(JSON.stringify(line));
  return line;
}

const bareToken = tokens[0]!;
await run('cart read (GET /v1/cart)', (token) => request('GET', '/v1/cart', token));
await run('cart add (POST /v1/cart)', (token) => request('POST', '/v1/cart', token, { productId, quantity: 1 }));
await run('health (GET /healthz, same server)', () => request('GET', '/healthz', bareToken));
// Checkout: each buyer's cart holds a line; each order takes one unit, the next add puts one back.
await run('checkout (POST /v1/cart then POST /v1/checkout, timed: checkout)', async (token, i) => {
  await request('POST', '/v1/cart', token, { productId, quantity: 1 });
  return request('POST', '/v1/checkout', token, { idempotencyKey: `bench-${i}-${Date.now()}`, paymentType: 'COD', address: shipTo });
});
