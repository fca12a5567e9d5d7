// Benchmark catalogs: `npm run catalog:generate -- --products 100000 [--data-dir DIR] [--database-url postgres://…]`.
//
// The demo seed at scale: the demo accounts, then the same catalog with as many products as asked
// (one store per 250 products, the pictures shared), written in chunks so that memory stays flat.
// SQLite goes to DIR/tessera.db; with --database-url (or DATABASE_URL) the rows go to PostgreSQL.
// Pictures go to DIR/uploads either way. The database is migrated first and must have no catalog.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../../config.js';
import { createServices } from '../../services.js';
import { migrateToLatest, openDatabase } from '../../db/database.js';
import { seedDemoData } from '../demo.js';

const USAGE = `Usage: npm run catalog:generate -- --products N [--data-dir DIR] [--database-url URL] [--if-missing]
  --products N        products to generate (e.g. 100000 or 1000000)
  --data-dir DIR      SQLite file and pictures (default ./data-bench-N)
  --database-url URL  write the rows to PostgreSQL instead (default: DATABASE_URL when set)
  --stores N          stores (default: one per 250 products, at least 40)
  --reviews N         reviews, each with its delivered purchase (default: 10 per product; 0: none)
  --if-missing        exit quietly when the database already holds a catalog of exactly N products`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        products: { type: 'string', default: '100000' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        stores: { type: 'string' },
        reviews: { type: 'string' },
        'if-missing': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const products = Number(values.products);
if (!Number.isInteger(products) || products < 1 || products > 10_000_000) fail(`--products must be a whole number from 1 to 10000000, got "${values.products}"`);
const stores = values.stores === undefined ? Math.max(40, Math.ceil(products / 250)) : Number(values.stores);
if (!Number.isInteger(stores) || stores < 1) fail(`--stores must be a whole number of at least 1, got "${values.stores}"`);
const reviews = values.reviews === undefined ? products * 10 : Number(values.reviews);
if (!Number.isInteger(reviews) || reviews < 0) fail(`--reviews must be a whole number of at least 0, got "${values.reviews}"`);
const dataDir = path.resolve(values['data-dir'] ?? `data-bench-${products}`);
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;

fs.mkdirSync(dataDir, { recursive: true });
const config = loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), LOG_LEVEL: 'warn' });
const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(dataDir, 'tessera.db'), poolSize: 2 });
const log = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
const where = databaseUrl ? `PostgreSQL (${new URL(databaseUrl).pathname.slice(1)})` : path.join(dataDir, 'tessera.db');

try {
  await migrateToLatest(db.kysely);
  const existing = await db.kysely
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const categories = await db.kysely.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (categories) {
    const count = Number(existing.n);
    // A catalog written before the generator wrote reviews would measure product pages without them.
    const reviewed = reviews > 0 && (await db.kysely.selectFrom('reviews').select('id').limit(1).executeTakeFirst());
    if (values['if-missing'] && count === products && (reviews === 0 || reviewed)) {
      console.log(`${where} already holds a catalog of ${products.toLocaleString('en-US')} products.`);
      process.exit(0);
    }
    fail(`${where} already holds a catalog (${count.toLocaleString('en-US')} products): use an empty database or another --data-dir.`);
  }

  console.log(`Generating ${products.toLocaleString('en-US')} products in ${stores.toLocaleString('en-US')} stores with about ${reviews.toLocaleString('en-US')} reviews into ${where}…`);
  const services = await createServices(config, db, log);
  const started = performance.now();
  let lastPrint = 0;
  let productsDone = 0;
  let rowsDone = 0;
  let productMs = 0;
  const result = await seedDemoData({
    services,
    db: db.kysely,
    log,
    catalog: {
      products,
      stores,
      chunkSize: 1000,
      reviewsPerProduct: reviews / products,
      onProgress: ({ products: done, rows, reviews: reviewsDone }) => {
        productsDone = done;
        rowsDone = rows;
        const now = performance.now();
        productMs = now - started;
        if (now - lastPrint < 5000 && done < products) return;
        lastPrint = now;
        const seconds = (now - started) / 1000;
        const mem = Math.round(process.memoryUsage().rss / 1048576);
        console.log(`  ${done.toLocaleString('en-US')} products, ${reviewsDone.toLocaleString('en-US')} reviews, ${rows.toLocaleString('en-US')} rows · ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s · ${Math.round(done / seconds).toLocaleString('en-US')} products/s · ${mem} MB RSS`);
      },
    },
  });
  const total = (performance.now() - started) / 1000;
  console.log(
    `Done in ${total.toFixed(1)} s: ${productsDone.toLocaleString('en-US')} products, ${rowsDone.toLocaleString('en-US')} rows ` +
      `(${Math.round(rowsDone / (productMs / 1000)).toLocaleString('en-US')} rows/s while writing); search index ${(services.catalog as { search?: unknown }).search ? 'rebuilt' : 'not built (no search adapter wired)'}.`,
  );
  if (result) console.log(`Reviews: ${result.reviews.toLocaleString('en-US')} (with their delivered orders).`);
  if (result) console.log(`Milliseconds per step: ${Object.entries(result.timings).map(([step, ms]) => `${step} ${ms}`).join(', ')}`);
  // Each version holds a listening connection on PostgreSQL: one left open keeps the process alive
  // (bench/run.mjs waits for the generator to exit).
  await services.catalog.version.close();
  await services.catalog.reviewsVersion.close();
  await services.fileStore.close();
} finally {
  await db.close();
}
