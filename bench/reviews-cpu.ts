/**
 * Server CPU per reviews-section request (`GET /v1/products/{slug}/reviews?limit=10[&rating=N]`),
 * in process and one request at a time (`app.inject`, no sockets, no queueing), on a generated
 * benchmark catalog: the first pass over the products is answered by the statements (cache misses:
 * what every request cost before the reviews cache), the next passes from the cached answers, then
 * one pass after a catalog version bump (products looked up again, answers kept).
 * The same star pattern as run.mjs's reviews target (none, none, 5, none, none, 1).
 *
 * Run on a COPY of a catalog (the app migrates and writes into its DATA_DIR):
 * `cp -r bench/data/catalog-100000-sqlite /tmp/reviews-data && npx tsx bench/reviews-cpu.ts --data-dir /tmp/reviews-data [--products 3000] [--passes 3]`
 */
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] as string) : fallback;
};
const dataDir = arg('data-dir', '');
if (!dataDir) throw new Error('--data-dir DIR (a copy of a benchmark catalog) is required');
const PRODUCTS = Number(arg('products', '3000'));
const PASSES = Number(arg('passes', '3'));
const STARS = [undefined, undefined, 5, undefined, undefined, 1];

const app = await buildApp(
  loadConfig({ ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-that-is-at-least-32-characters' }),
  { web: false },
);
await app.ready();
// Products spread over the whole catalog (every n-th published product by id), reviewed ones.
const total = Number((await sql<{ n: number }>`select count(*) as n from products where status = 'published'`.execute(app.db.kysely)).rows[0]?.n ?? 0);
const step = Math.max(1, Math.floor(total / PRODUCTS));
const slugs = (await sql<{ slug: string }>`select slug from products where status = 'published' order by id`.execute(app.db.kysely)).rows
  .filter((_, i) => i % step === 0)
  .slice(0, PRODUCTS)
  .map((r) => r.slug);
const urls = slugs.map(
  (slug, i) => `/v1/products/${encodeURIComponent(slug)}/reviews?limit=10${STARS[i % STARS.length] ? `&rating=${STARS[i % STARS.length]}` : ''}`,
);

async function pass(name: string): Promise<void> {
  let bytes = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const url of urls) {
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    bytes += response.rawPayload.length;
  }
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      pass: name,
      requests: urls.length,
      cpuMsPerRequest: +((used.user + used.system) / 1000 / urls.length).toFixed(3),
      wallMsPerRequest: +((performance.now() - started) / urls.length).toFixed(3),
      wireBytesPerAnswer: Math.round(bytes / urls.length),
    }),
  );
}

console.log(`${total.toLocaleString('en-US')} published products; ${urls.length} different reviews pages`);
await pass('first (statements: cache misses)');
for (let i = 1; i <= PASSES; i++) await pass(`cached ${i}`);
// A catalog change (every order moves stock and bumps it): each product is looked up again (one
// statement), its reviews answers are kept.
await app.services.catalog.version.bump();
await pass('after a catalog change');
await pass('cached again');
console.log(JSON.stringify({ cachedAnswers: app.services.social.reviewsCache.size }));
await app.close();
