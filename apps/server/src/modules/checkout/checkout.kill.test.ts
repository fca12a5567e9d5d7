import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { jsonCaller, serverData } from '../../test/server-data.js';
import { startServer } from '../../test/server-process.js';

/** Plain reads of the server's database, SQLite or PostgreSQL (`?` placeholders, numbers as numbers). */
interface Reader {
  all(text: string, ...params: unknown[]): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

async function openReader(options: { file: string; url: string | undefined }): Promise<Reader> {
  const numbers = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === 'string' && /^-?\d+$/.test(value) && key !== 'id' && !key.endsWith('Id') ? Number(value) : value,
      ]),
    );
  if (options.url) {
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    return {
      all: async (text, ...params) => {
        let n = 0;
        const result = await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        );
        return result.rows.map(numbers);
      },
      close: () => client.end(),
    };
  }
  const db = new SQLite(options.file, { readonly: true });
  return {
    all: async (text, ...params) => db.prepare(text).all(...params) as Array<Record<string, unknown>>,
    close: async () => void db.close(),
  };
}

/**
 * The kill test (issue #11 §7): a real server process (src/test/serve-api.ts, the app of main.ts)
 * on a SQLite file, or a PostgreSQL database of its own, takes a checkout load and is SIGKILLed in the middle of it; after a restart
 * every order that was acknowledged is there and whole, nothing is half-written, and the stock adds
 * up to what was sold.
 */
describe('checkout: a crash in the middle of a load', () => {
  const data = serverData('checkout-kill');
  const start = () => startServer({ env: { ...data.env(), SIGNIN_RATE_LIMIT: '100000' } });

  it('keeps every acknowledged order whole after SIGKILL and restart', { timeout: 180_000 }, async () => {
    const first = start();
    const base = await first.url;
    const call = jsonCaller(() => base);
    // The demo catalog's line (product, or product and variant) with the most stock.
    const reader = await openReader({ file: data.sqliteFile, url: data.databaseUrl() });
    const [product] = (await reader.all(
      `select p.id, p.moq, v.id as "variantId", coalesce(v.stock, p.stock) as stock from products p
         left join product_variants v on v.product_id = p.id
        where p.status = 'published' order by coalesce(v.stock, p.stock) / p.moq desc limit 1`,
    )) as Array<{ id: string; moq: number; variantId: string | null; stock: number }>;
    await reader.close();
    if (!product) throw new Error('no demo product fits the test');

    const buyers: string[] = [];
    for (let i = 0; i < 12; i++) {
      const signup = await call('POST', '/v1/customer/signup', {
        firstName: 'Kay',
        lastName: 'Load',
        email: `kill-${i}-${Date.now()}@example.com`,
        countryCode: '+60',
        phone: `1${String(Date.now() + i).slice(-8)}`,
        password: 'Load-test-42',
        confirmPassword: 'Load-test-42',
      });
      expect(signup.status).toBe(200);
      buyers.push(signup.body.data.token.accessToken as string);
    }
    const address = {
      name: 'Kay Load',
      mobile: '501234567',
      countryCode: '+60',
      pincode: '50450',
      locality: 'Bukit Bintang',
      city: 'Kuala Lumpur',
      state: 'WP',
      flatNumber: '1',
      addressLine1: 'Jalan 1',
      addressType: 'home',
    };
    const acknowledged: Array<{ orderId: string; storeOrderIds: string[]; total: number }> = [];
    let stop = false;
    const load = buyers.map(async (token, index) => {
      for (let round = 0; !stop; round++) {
        try {
          await call('POST', '/v1/cart', { productId: product.id, variantId: product.variantId, quantity: product.moq }, token);
          const placed = await call('POST', '/v1/checkout', { idempotencyKey: `kill-${index}-${round}-${Date.now()}`, paymentType: 'COD', address }, token);
          if (placed.status === 200)
            acknowledged.push({ orderId: placed.body.data.orderId, storeOrderIds: placed.body.data.storeOrderIds, total: placed.body.data.total.amount });
        } catch {
          return; // the server is gone
        }
      }
    });
    while (acknowledged.length < Math.min(30, Math.floor(product.stock / product.moq / 2))) await new Promise((resolve) => setTimeout(resolve, 20));
    // SIGKILL, and no new request from the load after it.
    first.child.kill('SIGKILL');
    stop = true;
    await first.exited;
    await Promise.all(load);

    const second = start();
    const again = await second.url;
    try {
      // Acknowledged orders are all there, through the API, whole.
      const someBuyer = await fetch(`${again}/v1/orders?state=active&limit=50`, { headers: { authorization: buyers[0]! } });
      expect(someBuyer.status).toBe(200);
      const db = await openReader({ file: data.sqliteFile, url: data.databaseUrl() });
      const one = async (text: string, ...params: unknown[]) => (await db.all(text, ...params))[0];
      try {
        for (const ack of acknowledged) {
          const order = await one('select id, total from orders where id = ?', ack.orderId);
          expect(order?.total).toBe(ack.total);
          const storeOrders = (await db.all('select id, total from store_orders where order_id = ?', ack.orderId)) as Array<{ id: string; total: number }>;
          expect(storeOrders.map((so) => so.id).sort()).toEqual([...ack.storeOrderIds].sort());
          expect(storeOrders.reduce((sum, so) => sum + so.total, 0)).toBe(ack.total);
        }
        // Nothing half-written: every order has store orders, lines and history; every completed run its order.
        const orphans = await one(
          `select count(*) as n from orders o where not exists (select 1 from store_orders so where so.order_id = o.id)
             or not exists (select 1 from order_lines l where l.order_id = o.id)
             or not exists (select 1 from order_history h where h.order_id = o.id)`,
        );
        expect(orphans?.n).toBe(0);
        const runs = await one(
          "select count(*) as n from checkout_runs r where r.state = 'completed' and not exists (select 1 from orders o where o.id = r.order_id)",
        );
        expect(runs?.n).toBe(0);
        const stale = await one("select count(*) as n from checkout_runs where state in ('started', 'reserved')");
        expect(stale?.n).toBe(0);
        // Stock adds up: what is left plus what was ordered is what there was.
        const left = Number(
          product.variantId
            ? (await one('select stock from product_variants where id = ?', product.variantId))?.stock
            : (await one('select stock from products where id = ?', product.id))?.stock,
        );
        const sold = Number(
          (
            await one(
              "select coalesce(sum(quantity), 0) as n from order_lines where product_id = ? and coalesce(variant_id, '') = ?",
              product.id,
              product.variantId ?? '',
            )
          )?.n,
        );
        expect(left + sold).toBe(product.stock);
        expect(sold).toBeGreaterThanOrEqual(acknowledged.length * product.moq);
      } finally {
        await db.close();
      }
    } finally {
      await second.stop();
    }
  });
});
