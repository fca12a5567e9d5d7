/**
 * Checkout benchmark (issue #11 §7): orders per second and latency of POST /v1/checkout with 50
 * buyers checking out at once (COD, one product, each buyer adding one unit to his cart before each
 * checkout), beside GET /v1/cart and POST /v1/cart, on the real app listening on a port (SQLite file
 * in a temporary directory, no demo seed). Run: `npx tsx bench/checkout.ts [--seconds 10] [--buyers 50] [--rate 300]`.
 * `--rate N` (a comma-separated list for several) adds an open-loop run after the closed-loop ones: the
 * buyers send checkouts on a fixed schedule totalling N orders per second, each timed from the moment
 * it was due (checkout-client.ts). With TEST_DATABASE_URL-like DATABASE_URL set it runs on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { newId } from '../apps/server/src/lib/ids.js';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const SECONDS = arg('seconds', 10);
const BUYERS = arg('buyers', 50);
const rateIndex = process.argv.indexOf('--rate');
const RATES = rateIndex > 0 ? process.argv[rateIndex + 1]!.split(',').map(Number) : [];
if (RATES.some((rate) => !(rate > 0))) throw new Error('--rate takes orders per second (N or N,M,…)');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-checkout-'));
const app = await buildApp(loadConfig({ ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-that-is-at-least-32-characters', SIGNIN_RATE_LIMIT: '100000000' }), { web: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const db = app.db.kysely;
const now = Date.now();

// One approved store with one product of plenty of stock, and the buyers with sessions.
const sellerId = newId();
const storeId = newId();
const categoryId = newId();
const productId = newId();
const user = (id: string, type: string) => ({ id, type, email: `${type}-${id}@bench.test`, first_name: 'Bench', last_name: 'User', buyer_role: null, team_role: null, language: 'en', created_at: now, updated_at: now, country_code: null, phone: null, password_hash: null, phone_verified_at: null, profile_pic_upload_id: null, currency: null, last_login_at: null });
await db.insertInto('users').values(user(sellerId, 'seller')).execute();
await db
  .insertInto('stores')
  .values({ id: storeId, seller_user_id: sellerId, store_name: '{"en":"Bench store"}', store_alias_name: 'bench-store', description: '{}', logo_web_upload_id: null, logo_thumb_upload_id: null, logo_mobile_upload_id: null, country: 'MY', city: 'Kuala Lumpur', address: null, policies: '{}', chat_user_id: null, status: 'approved', rejection_reason: null, reviewed_by: null, reviewed_at: now, created_at: now, updated_at: now })
  .execute();
await db.insertInto('categories').values({ id: categoryId, parent_id: null, slug: 'bench', name: '{"en":"Bench"}', image_upload_id: null, sort: 0, created_at: now, updated_at: now }).execute();
await db
  .insertInto('products')
  .values({ id: productId, store_id: storeId, category_id: categoryId, brand_id: null, slug: 'bench-product', title: '{"en":"Bench product"}', description: '{}', highlights: '{}', specs: '[]', size_chart: null, manufacturer: 'Bench', currency: 'EUR', price: 1500, mrp: 1800, moq: 1, stock: 10_000_000, restockable: 1, origin_country: 'MY', origin_region: 'KL', maker_name: 'Bench', maker_type: 'cooperative', production_method: 'handmade', lead_time_days: 1, tags: '[]', status: 'published', published_at: now, created_at: now, updated_at: now })
  .execute();
const tokens: string[] = [];
for (let i = 0; i < BUYERS; i++) {
  const id = newId();
  await db.insertInto('users').values(user(id, 'buyer')).execute();
  tokens.push((await app.services.auth.openSession({ userId: id, userType: 'buyer', device: { bench: true }, ipAddress: '127.0.0.1' })).tokens.accessToken);
}
const shipTo = { name: 'Bench Buyer', mobile: '501234567', countryCode: '+60', pincode: '50450', locality: 'Bukit Bintang', city: 'Kuala Lumpur', state: 'WP', flatNumber: '1', addressLine1: 'Jalan 1', addressType: 'home' };

// The load comes from another process (checkout-client.ts), so that it does not share this event loop.
const setup = path.join(dataDir, 'bench.json');
fs.writeFileSync(setup, JSON.stringify({ base, tokens, productId, shipTo, seconds: SECONDS, rates: RATES }));
const { spawn } = await import('node:child_process');
const client = spawn(process.execPath, ['--import', 'tsx', path.join(path.dirname(new URL(import.meta.url).pathname), 'checkout-client.ts'), setup], { stdio: 'inherit' });
const code = await new Promise<number | null>((resolve) => client.on('exit', resolve));
if (code !== 0) console.error('the load client failed');
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
