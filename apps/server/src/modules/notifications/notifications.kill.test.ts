import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestPayload } from '../../test/app.js';
import { sellerSignup } from '../../test/roles.js';
import { jsonCaller, serverData } from '../../test/server-data.js';
import { startServer } from '../../test/server-process.js';

/**
 * The kill test of issue #17 §2: the messages a change queues in its own transaction — the e-mail of
 * a store approved by the team, the back-in-stock messages of a seller's stock update — are written
 * with the change and delivered by the events outbox. A real server process (src/test/serve-api.ts,
 * the app of main.ts) on a SQLite file or a PostgreSQL database of its own commits them with its
 * deliveries failing (NOTIFICATION_DELIVERY_PAUSED), and is SIGKILLed; the restarted server hands
 * every one of them to the SMTP server once.
 */
const DEMO_PASSWORD = 'Tessera-demo-2026';

/** A real SMTP server on 127.0.0.1 that keeps the X-Notification-Id of every message it accepts. */
async function startMailSink() {
  const received: string[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const id = /^X-Notification-Id:\s*(\S+)/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
        if (id) received.push(id);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('messages queued with a change, across a crash between commit and delivery', () => {
  const data = serverData('mail-kill');
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  beforeAll(async () => {
    sink = await startMailSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  const start = (env: Record<string, string>) => startServer({ env: { ...data.env(), SMTP_URL: sink.url, ...env } });

  it('delivers each approval e-mail and back-in-stock message once after the restart', { timeout: 300_000 }, async () => {
    const first = start({ NOTIFICATION_DELIVERY_PAUSED: '1' });
    const base = await first.url;
    const call = jsonCaller(() => base);
    const { db: outbox, close } = data.open();
    try {
      const admin = (await call('POST', '/v1/admin/login', { email: 'admin@tessera.test', password: DEMO_PASSWORD })).body.data.token.accessToken as string;
      const seller = (await call('POST', '/v1/seller/login', { email: 'seller@tessera.test', password: DEMO_PASSWORD })).body.data.token.accessToken as string;

      // Two new stores, approved by the team: an e-mail each, queued with the approval.
      const applicants: string[] = [];
      for (const name of ['Telar Norte', 'Rumah Anyam']) {
        const signup = sellerSignup({ storeName: name });
        expect((await call('POST', '/v1/seller/signup', signup)).status).toBe(200);
        const store = await outbox.kysely
          .selectFrom('stores')
          .innerJoin('users', 'users.id', 'stores.seller_user_id')
          .select('stores.id')
          .where('users.email', '=', signup.email)
          .executeTakeFirstOrThrow();
        expect((await call('POST', `/v1/admin/sellers/${store.id}/review`, { decision: 'approve' }, admin)).status).toBe(200);
        applicants.push(signup.email);
      }

      // A demo line (a product, or its variant) sold out, three guests ask to be told, the stock
      // comes back: three messages.
      const line = await outbox.kysely
        .selectFrom('products')
        .innerJoin('stores', 'stores.id', 'products.store_id')
        .innerJoin('users', 'users.id', 'stores.seller_user_id')
        .leftJoin('product_variants', 'product_variants.product_id', 'products.id')
        .select(['products.id', 'product_variants.id as variantId'])
        .where('users.email', '=', 'seller@tessera.test')
        .where('products.status', '=', 'published')
        .orderBy('products.id')
        .orderBy('product_variants.id')
        .executeTakeFirstOrThrow();
      const stock = (amount: number) => (line.variantId ? { variants: [{ id: line.variantId, stock: amount }] } : { stock: amount });
      expect((await call('PATCH', `/v1/seller/products/${line.id}/stock`, stock(0), seller)).status).toBe(200);
      const watchers = ['ana', 'badr', 'chen'].map((name) => `kill-${name}-${Date.now()}@example.com`);
      for (const email of watchers) {
        const guest = (await call('POST', '/v1/guest/signIn', guestPayload())).body.data.token.accessToken as string;
        const signUp = await call('POST', `/v1/products/${line.id}/notify-me`, { email, ...(line.variantId ? { variantId: line.variantId } : {}) }, guest);
        expect(signUp.status).toBe(200);
      }
      expect((await call('PATCH', `/v1/seller/products/${line.id}/stock`, stock(40), seller)).status).toBe(200);

      const recipients = [...applicants, ...watchers];
      const messages = () =>
        outbox.kysely
          .selectFrom('notification_outbox')
          .select(['id', 'recipient', 'template', 'status'])
          .where('recipient', 'in', recipients)
          .where('template', 'in', ['seller-approved', 'back-in-stock'])
          .orderBy('recipient')
          .execute();
      const queued = await messages();
      expect(queued.map((m) => [m.recipient, m.template, m.status])).toEqual(
        [...applicants.map((r) => [r, 'seller-approved', 'queued']), ...watchers.map((r) => [r, 'back-in-stock', 'queued'])].sort((a, b) =>
          a[0]! < b[0]! ? -1 : 1,
        ),
      );

      // Killed in the gap the test is about: every delivery event committed, tried, failed and
      // released for a retry that is not about to be claimed (one killed while an attempt holds its
      // lease would wait out the lease, 60 s, before the restarted server took it).
      const deliveries = () =>
        outbox.kysely
          .selectFrom('event_outbox')
          .select(['attempts', 'claimed_until', 'available_at', 'status', 'payload'])
          .where('kind', '=', 'notification.deliver')
          .execute();
      const ours = async () => {
        const ids = new Set(queued.map((m) => m.id));
        return (await deliveries()).filter((event) => ids.has((JSON.parse(String(event.payload)) as { id: string }).id));
      };
      await expect
        .poll(
          async () => (await ours()).every((event) => event.attempts >= 1 && event.claimed_until === null && Number(event.available_at) > Date.now() + 300),
          {
            timeout: 60_000,
            interval: 20,
          },
        )
        .toBe(true);
      expect(await ours()).toHaveLength(recipients.length);
      await first.kill();
      expect(queued.filter((m) => sink.received.includes(m.id))).toEqual([]);

      const second = start({});
      await second.url;
      try {
        await expect.poll(async () => (await ours()).every((event) => event.status === 'done'), { timeout: 60_000, interval: 50 }).toBe(true);
        const delivered = await messages();
        expect(delivered.map((m) => m.status)).toEqual(recipients.map(() => 'sent'));
        // Each reached the SMTP server once.
        expect(queued.map((m) => sink.received.filter((id) => id === m.id).length)).toEqual(recipients.map(() => 1));
      } finally {
        await second.stop();
      }
    } finally {
      await close();
    }
  });
});
