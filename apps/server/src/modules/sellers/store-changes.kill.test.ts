import { describe, expect, it } from 'vitest';
import { jsonCaller, serverData } from '../../test/server-data.js';
import { startServer } from '../../test/server-process.js';
import { STORE_CHANGED } from './sellers.service.js';

/**
 * The kill test of issue #17 §2 for a store's public face: a real server process (src/test/serve-api.ts,
 * the app of main.ts) on a SQLite file or a PostgreSQL database of its own commits a store rename
 * with its STORE_CHANGED event while the catalog's handling of it fails (STORE_CHANGES_PAUSED), and is
 * SIGKILLed before the reindex; the restarted server delivers the event, and the store's products are
 * found by the new name and no longer by the old one.
 */
const DEMO_PASSWORD = 'Tessera-demo-2026';

describe('a store rename across a crash between commit and reindex', () => {
  const data = serverData('store-kill');
  const start = (env: Record<string, string>) => startServer({ env: { ...data.env(), ...env } });

  it('reaches the search index after the restart', { timeout: 300_000 }, async () => {
    const first = start({ STORE_CHANGES_PAUSED: '1' });
    let base = await first.url;
    const call = jsonCaller(() => base);
    const found = async (query: string) => {
      const answer = await call('GET', `/v1/products?q=${encodeURIComponent(query)}`);
      expect(answer.status).toBe(200);
      return { ids: (answer.body.data.items as Array<{ id: string }>).map((item) => item.id), total: answer.body.data.total as number };
    };
    const { db: outbox, close } = data.open();
    try {
      const seller = (await call('POST', '/v1/seller/login', { email: 'seller@tessera.test', password: DEMO_PASSWORD })).body.data.token.accessToken as string;
      const store = (await call('GET', '/v1/seller/store', undefined, seller)).body.data as { id: string };
      const products = await outbox.kysely.selectFrom('products').select('id').where('store_id', '=', store.id).where('status', '=', 'published').execute();
      expect(products.length).toBeGreaterThan(0);

      const renamed = await call('PATCH', '/v1/seller/store', { storeName: { en: 'Quorvenna Tenun' } }, seller);
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.storeName).toEqual({ en: 'Quorvenna Tenun' });
      // Committed, and its handling failed: the search rows still carry the old name.
      expect((await found('quorvenna')).ids.some((id) => products.some((row) => row.id === id))).toBe(false);

      // Killed in the gap the test is about: the store's events (the demo seed's and the rename's)
      // committed, the first tried, failed and released for a retry that is not about to be claimed,
      // the others waiting behind it (killed while an attempt holds a lease, the restarted server
      // would wait out the lease, 60 s, before taking it).
      const storeEvents = () =>
        outbox.kysely
          .selectFrom('event_outbox')
          .select(['attempts', 'claimed_until', 'available_at', 'status'])
          .where('kind', '=', STORE_CHANGED)
          .where('key', '=', store.id)
          .orderBy('created_at')
          .execute();
      await expect
        .poll(
          async () => {
            const rows = await storeEvents();
            return rows.every((row) => row.claimed_until === null) && rows.some((row) => row.attempts >= 1 && Number(row.available_at) > Date.now() + 300);
          },
          { timeout: 60_000, interval: 20 },
        )
        .toBe(true);
      expect((await storeEvents()).every((row) => row.status === 'pending')).toBe(true);
      await first.kill();

      const second = start({});
      base = await second.url;
      try {
        await expect.poll(async () => (await storeEvents()).every((row) => row.status === 'done'), { timeout: 60_000, interval: 50 }).toBe(true);
        // Every product of the store is found by the new name, and only they.
        const after = await found('quorvenna');
        expect(after.total).toBe(products.length);
        expect(after.ids.every((id) => products.some((row) => row.id === id))).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      await close();
    }
  });
});
