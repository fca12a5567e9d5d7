import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { notifications as notificationsMigration } from '../../db/migrations/003_notifications.js';
import { registerAccessControl } from '../../http/access.js';
import { registerErrorHandling } from '../../http/error-handler.js';
import { registerOpenApi } from '../../http/openapi.js';
import { collectPages, forgeCursors } from '../../test/cursors.js';
import { createTestApp, signInGuest } from '../../test/app.js';
import { signUpSeller } from '../../test/roles.js';
import { createTestDatabase } from '../../test/database.js';
import { NotificationsService } from './notifications.service.js';
import { notificationsRoutes } from './notifications.routes.js';
import type { NotificationsTables } from './notifications.tables.js';

// The marketplace app issues the tokens; the outbox lives in its own database so that nothing else
// the app sends can change what these tests count.
const { app: marketplace } = await createTestApp();
const outbox = await createTestDatabase();
if (!(await outbox.db.kysely.introspection.getTables()).some((t) => t.name === 'notification_outbox')) {
  await notificationsMigration.up(outbox.db.kysely);
}
// Signed with the marketplace's key, as in the app: its other lists' cursors must still not fit this one.
const service = new NotificationsService({
  db: outbox.db.kysely as unknown as Kysely<NotificationsTables>,
  log: pino({ level: 'silent' }),
  cursorKey: marketplace.services.signingKey,
});

const CURSOR_INVALID = {
  en: 'This page link is no longer valid. Start again from the first page.',
  es: 'Este enlace de página ya no es válido. Vuelve a empezar desde la primera página.',
} as const;

let app: FastifyInstance;
let teamToken: string;
const sent: string[] = [];

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerOpenApi(app, 'http://localhost:3000');
  registerAccessControl(app, marketplace.services.auth, (userId) => marketplace.services.team.roleOf(userId));
  await app.register(notificationsRoutes(service));
  await app.ready();

  const userId = await marketplace.services.accounts.createAccount({
    type: 'team',
    email: 'ops@tessera.test',
    firstName: 'Olu',
    lastName: 'Ops',
    teamRole: 'owner',
  });
  const session = await marketplace.services.auth.openSession({ userId, userType: 'team', device: { deviceType: 3 }, ipAddress: '127.0.0.1' });
  teamToken = session.tokens.accessToken;

  for (let i = 0; i < 4; i++) {
    sent.push((await service.send({ channel: 'email', to: `buyer${i}@example.com`, language: 'en', template: 'welcome', params: { firstName: `B${i}` } })).id);
    sent.push((await service.send({ channel: 'sms', to: `+6012000000${i}`, language: 'ms', template: 'mobile-verification-code', params: { code: `20000${i}`, minutes: 10 } })).id);
  }
  sent.push((await service.send({ channel: 'push', to: userId, userId, language: 'ar', template: 'back-in-stock', params: { productTitle: 'سلة', link: 'https://tessera.test/p/9' } })).id);
});

afterAll(async () => {
  await app.close();
  await outbox.drop();
});

/** `token` null: no Authorization header. */
const list = (query = '', token: string | null = teamToken, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/v1/admin/notifications${query}`, headers: { ...(token ? { authorization: token } : {}), ...headers } });

describe('GET /v1/admin/notifications', () => {
  it('answers the newest 20 by default, with message and data {items, nextCursor}', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.data.nextCursor).toBeNull();
    expect(body.data.items.map((i: { id: string }) => i.id)).toEqual([...sent].reverse());
    expect(body.data.items[0]).toMatchObject({
      channel: 'push',
      template: 'back-in-stock',
      language: 'ar',
      status: 'outbox',
      attempts: 1,
      lastError: null,
      sentAt: null,
      html: null,
    });
    const email = body.data.items.find((i: { channel: string }) => i.channel === 'email');
    expect(email.subject).toBe('Welcome to Tessera, B3');
    expect(email.html).toContain('<html lang="en" dir="ltr">');
    expect(email.createdAt).toEqual(expect.any(Number));
  });

  it('pages newest first with nextCursor until the last page', async () => {
    const { ids: seen, pages } = await collectPages(2, (cursor) => list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`));
    expect(pages).toBe(5);
    expect(seen).toEqual([...sent].reverse());
  });

  it('refuses a cursor that was edited, an old unsigned one and one from another list, with a translated message', async () => {
    const cursor = (await list('?limit=2')).json().data.nextCursor as string;
    const { flipped, unsigned, position, withPosition } = forgeCursors(cursor);
    const moved = withPosition({ ...position, createdAt: position.createdAt + 1 });
    // The marketplace's seller queue: signed with the same key, for another list.
    await signUpSeller(marketplace);
    await signUpSeller(marketplace);
    const sellers = await marketplace.inject({ method: 'GET', url: '/v1/admin/sellers?status=pending&limit=1', headers: { authorization: teamToken } });
    const sellerCursor = sellers.json().data.nextCursor as string;
    expect(sellerCursor).toEqual(expect.any(String));
    for (const bad of [flipped, moved, unsigned, sellerCursor]) {
      const response = await list(`?limit=2&cursor=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION', field: 'query.cursor', message: CURSOR_INVALID.en });
    }
    const spanish = await list(`?limit=2&cursor=${encodeURIComponent(flipped)}`, teamToken, { language: 'es' });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toEqual({ code: 'VALIDATION', field: 'query.cursor', message: CURSOR_INVALID.es });
    expect((await list(`?limit=2&cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(200);
  });

  it('filters by channel and by recipient', async () => {
    const sms = (await list('?channel=sms')).json().data.items;
    expect(sms).toHaveLength(4);
    expect(sms.every((i: { channel: string }) => i.channel === 'sms')).toBe(true);
    expect(sms[0].subject).toBe('Kod pengesahan Tessera anda');
    const one = (await list(`?recipient=${encodeURIComponent('Buyer2@example.com')}`)).json().data.items;
    expect(one.map((i: { recipient: string }) => i.recipient)).toEqual(['buyer2@example.com']);
    expect((await list(`?channel=email&recipient=${encodeURIComponent('+60120000001')}`)).json().data.items).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await list('', null);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_MISSING');
  });

  it('answers 403 to a guest token', async () => {
    const guest = await signInGuest(marketplace);
    const response = await list('', guest.token.accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to do that.' });
  });

  it('answers 400 to limit=1000, naming the field and the bound', async () => {
    const response = await list('?limit=1000');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.field).toBe('query.limit');
    expect(body.message).toContain('query.limit');
    expect(body.message).toContain('100');
  });

  it('translates the validation message', async () => {
    const response = await list('?limit=0', teamToken, { language: 'es' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Revisa el campo indicado\. query\.limit: /);
  });

  it.each([
    ['?limit=abc', 'query.limit'],
    ['?limit=2.5', 'query.limit'],
    ['?channel=fax', 'query.channel'],
    ['?cursor=not%20a%20cursor', 'query.cursor'],
    ['?cursor=bm90LWEtY3Vyc29y', 'query.cursor'],
  ])('answers 400 to %s', async (query, field) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field });
  });

  it('is in the OpenAPI document with its query and response schemas', async () => {
    const document = (await app.inject({ url: '/docs/openapi.json' })).json();
    const operation = document.paths['/v1/admin/notifications'].get;
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['channel', 'cursor', 'limit', 'recipient']);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403']);
    expect(operation.security).toEqual([{ accessToken: [] }]);
  });
});
