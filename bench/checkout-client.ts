/** The load side of bench/checkout.ts, in its own process: reads the setup file it is given. */
import fs from 'node:fs';

const {
  base,
  tokens,
  productId,
  shipTo,
  seconds: SECONDS,
  rates: RATES = [],
} = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { base: string; tokens: string[]; productId: string; shipTo: unknown; seconds: number; rates?: number[] };
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

/**
 * Open loop (`--rate N`): the buyers send their checkouts on a fixed schedule totalling N orders per
 * second — buyer b's k-th checkout is due at start + (b + k × buyers) / N seconds — whatever the server's
 * answers do. Each latency is measured from the moment the checkout was due, not from when it could be
 * sent: a buyer still waiting for an earlier answer sends late, and that wait counts (no coordinated
 * omission; a closed loop would instead slow down and hide it). After each checkout a buyer puts one
 * unit back in his cart (POST /v1/cart) for the next one, off the clock unless it makes the next
 * checkout late. Prints the achieved rate (answered checkouts over the time from the first due moment
 * to the last answer), p50/p95/p99/max, how many went out more than 10 ms late, and errors.
 */
async function openLoop(rate: number) {
  const add = (token: string) => request('POST', '/v1/cart', token, { productId, quantity: 1 });
  await Promise.all(tokens.map(add));
  const latencies: number[] = [];
  let errors = 0;
  let late = 0;
  let sent = 0;
  const start = performance.now() + 100;
  const end = start + SECONDS * 1000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await Promise.all(
    tokens.map(async (token, buyer) => {
      for (let k = 0; ; k++) {
        const due = start + ((buyer + k * BUYERS) / rate) * 1000;
        if (due >= end) break;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        else if (-wait > 10) late++;
        sent++;
        const answer = await fetch(`${base}/v1/checkout`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({ idempotencyKey: `open-${rate}-${buyer}-${k}-${Date.now()}`, paymentType: 'COD', address: shipTo }),
        });
        await answer.arrayBuffer();
        const latency = performance.now() - due;
        if (answer.status !== 200) errors++;
        else latencies.push(latency);
        if ((await add(token)).status !== 200) errors++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const ms = (p: number) => +percentile(latencies, p).toFixed(1);
  const line = {
    target: `checkout open loop at ${rate}/s (timed from each checkout's due moment)`,
    buyers: BUYERS,
    rate,
    sent,
    achievedPerSecond: Math.round(latencies.length / seconds),
    p50: ms(50),
    p95: ms(95),
    p99: ms(99),
    max: +Math.max(0, ...latencies).toFixed(1),
    sentLate: late,
    errors,
  };
  console.log(JSON.stringify(line));
  return line;
}

for (const rate of RATES) await openLoop(rate);
