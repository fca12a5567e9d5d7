import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { waitForMessage } from '../../test/accounts.js';
import { createTeamMember, uniqueEmail } from '../../test/roles.js';

const { app } = await createTestApp();
const owner = await createTeamMember(app, 'owner');
const moderator = await createTeamMember(app, 'moderator');

let addresses = 0;
/** Each test writes from its own network address, so that only the limit under test applies. */
const newAddress = () => `198.51.100.${++addresses}`;

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Aïsha Rahman',
  email: uniqueEmail('buyer'),
  subject: 'Samples of the jute rug',
  message: 'Could you send three samples of the jute rug to our studio?',
  ...overrides,
});

const send = (payload: Record<string, unknown>, options: { language?: string; address?: string } = {}) =>
  app.inject({ method: 'POST', url: '/v1/contact', headers: { language: options.language ?? 'en' }, remoteAddress: options.address ?? newAddress(), payload });
const inbox = (status = 'new', token = owner.token) =>
  app.inject({ method: 'GET', url: `/v1/admin/contact?status=${status}`, headers: { authorization: token } });
const count = async (table: 'contact_messages' | 'notification_outbox', column: string, value: string) =>
  Number(
    (
      await app.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column as never, '=', value as never)
        .executeTakeFirst()
    )?.n ?? 0,
  );

describe('POST /v1/contact', () => {
  it('stores the message, confirms it in the sender’s language and notifies the team', async () => {
    const payload = form();
    const response = await send(payload, { language: 'ar' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('شكرًا لك، تم إرسال رسالتك. أرسلنا إليك تأكيدًا بالبريد الإلكتروني وسنرد عليك قريبًا.');
    const confirmation = await waitForMessage(app, { recipient: payload.email, template: 'contact-received' });
    expect(confirmation.subject).toBe(`تلقينا رسالتك: ${payload.subject}`);
    const notice = await waitForMessage(app, { recipient: owner.email, template: 'contact-team-notice' });
    expect(notice.body).toContain(payload.message);
    // Moderators do not answer mail.
    expect(await count('notification_outbox', 'recipient', moderator.email)).toBe(0);
    const listed = (await inbox()).json().data.find((m: { email: string }) => m.email === payload.email);
    expect(listed).toMatchObject({ name: payload.name, subject: payload.subject, message: payload.message, language: 'ar', status: 'new', replies: [] });
  });

  it('accepts a filled honeypot with the same answer, stores it as spam and delivers nothing', async () => {
    const payload = form({ website: 'https://cheap-pills.example' });
    const response = await send(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Thank you, your message has been sent. We have e-mailed you a confirmation and will answer soon.');
    expect(await count('notification_outbox', 'recipient', payload.email)).toBe(0);
    expect((await inbox('new')).json().data.map((m: { email: string }) => m.email)).not.toContain(payload.email);
    expect((await inbox('spam')).json().data.map((m: { email: string }) => m.email)).toContain(payload.email);
  });

  it('limits one e-mail address to 3 messages an hour, in the sender’s language, storing nothing more', async () => {
    const email = uniqueEmail('eager');
    for (let i = 0; i < 3; i++) expect((await send(form({ email }))).statusCode).toBe(200);
    const refused = await send(form({ email }), { language: 'es' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'CONTACT_TOO_MANY',
      message: 'Ya nos has enviado varios mensajes en la última hora. Espera un poco antes de volver a escribir.',
    });
    expect(await count('contact_messages', 'email', email)).toBe(3);
  });

  it('limits one network address to 10 messages an hour, whatever the e-mail', async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await send(form(), { address })).statusCode).toBe(200);
    const refused = await send(form(), { address, language: 'ms' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('CONTACT_TOO_MANY');
    expect((await send(form())).statusCode).toBe(200);
  });

  it('refuses missing, malformed and too long fields with the field and a translated message', async () => {
    const email = uniqueEmail('bad');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not-an-email' }, 'email'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ subject: 's'.repeat(151) }, 'subject'],
      [{ message: 'short' }, 'message'],
      [{ message: 'm'.repeat(5001) }, 'message'],
    ];
    for (const [overrides, field] of cases) {
      const response = await send(form({ email, ...overrides }), { language: 'es' });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field).toBe(field);
    }
    const long = await send(form({ email, message: 'm'.repeat(5001) }), { language: 'ar' });
    expect(long.json().message).toContain('استخدم 5,000');
    expect(await count('contact_messages', 'email', email)).toBe(0);
  });
});

describe('the inbox', () => {
  it('lets owners and support read, reply in the sender’s language and mark handled; moderators may not', async () => {
    const payload = form();
    await send(payload, { language: 'ms' });
    const message = (await inbox()).json().data.find((m: { email: string }) => m.email === payload.email);
    expect((await inbox('new', moderator.token)).statusCode).toBe(403);

    const reply = await app.inject({
      method: 'POST',
      url: `/v1/admin/contact/${message.id}/reply`,
      headers: { authorization: owner.token },
      payload: { body: 'Yes, three samples leave tomorrow.' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ status: 'handled', replies: [{ body: 'Yes, three samples leave tomorrow.', authorName: 'Tomás Team' }] });
    const mail = await waitForMessage(app, { recipient: payload.email, template: 'contact-reply' });
    expect(mail.body).toContain('Helo Aïsha Rahman,');
    expect(mail.body).toContain('Yes, three samples leave tomorrow.');
    expect((await inbox('handled')).json().data.map((m: { id: string }) => m.id)).toContain(message.id);

    const reopened = await app.inject({
      method: 'POST',
      url: `/v1/admin/contact/${message.id}/handled`,
      headers: { authorization: owner.token },
      payload: { handled: false },
    });
    expect(reopened.json().data).toMatchObject({ status: 'new', handledAt: null });
    const empty = await app.inject({
      method: 'POST',
      url: `/v1/admin/contact/${message.id}/reply`,
      headers: { authorization: owner.token, language: 'ar' },
      payload: { body: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('body');
  });
});

describe('POST /v1/contact/form (the page without JavaScript)', () => {
  const post = (fields: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/v1/contact/form', remoteAddress: newAddress(), headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=es' }, payload: new URLSearchParams(fields).toString() });

  it('stores the message and answers 303 to the thank-you page; a bad field goes back with the values', async () => {
    const payload = form();
    const sent = await post({ ...payload, website: '' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/contact?sent=1');
    expect(await count('contact_messages', 'email', payload.email)).toBe(1);
    const bad = await post({ ...form(), email: 'nope' });
    expect(bad.statusCode).toBe(303);
    const back = new URL(bad.headers.location as string, 'http://x').searchParams;
    expect(back.get('error')).toBe('email');
    expect(back.get('message')).toBe(payload.message);
  });
});
