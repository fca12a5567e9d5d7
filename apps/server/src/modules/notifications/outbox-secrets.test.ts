import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp } from '../../test/app.js';
import { waitForMessage } from '../../test/accounts.js';
import { createTeamMember } from '../../test/roles.js';

/**
 * Issue #10, point 1: a reset link, an invitation link or a verification code is readable by its
 * recipient only — not through the admin console's outbox, not in the stored rows once sent.
 */

const received: string[] = [];
const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

const OWNER_EMAIL = 'admin@tessera.test';
const limits = { signInRateLimitPerMinute: 1_000_000 };
const { app: embedded } = await createTestApp(limits);
const { app: withSmtp } = await createTestApp({ ...limits, smtpUrl });
const { app: withMailbox } = await createTestApp({ ...limits, devMailbox: true });

const auth = (token: string) => ({ authorization: token });
const outboxAs = (app: FastifyInstance, token: string, recipient: string) =>
  app.inject({ method: 'GET', url: `/v1/admin/notifications?recipient=${encodeURIComponent(recipient)}&limit=50`, headers: auth(token) });

/** What a team member's outbox shows for a recipient: every subject, body and html joined. */
async function visibleToTeam(app: FastifyInstance, token: string, recipient: string): Promise<string> {
  const answer = await outboxAs(app, token, recipient);
  expect(answer.statusCode).toBe(200);
  const items = answer.json().data.items as { subject: string; body: string; html: string | null }[];
  expect(items.length).toBeGreaterThan(0);
  return items.map((item) => `${item.subject}\n${item.body}\n${item.html ?? ''}`).join('\n');
}

/** Every text column of the outbox rows to a recipient, as a database copy would show them. */
async function storedRows(app: FastifyInstance, recipient: string): Promise<string> {
  const rows = await app.db.kysely.selectFrom('notification_outbox').selectAll().where('recipient', '=', recipient).execute();
  return rows.map((row) => JSON.stringify(row)).join('\n');
}

async function ownerOf(app: FastifyInstance) {
  const owner = await createTeamMember(app, 'owner');
  await app.db.kysely.updateTable('users').set({ email: OWNER_EMAIL }).where('id', '=', owner.userId).execute();
  return owner;
}

describe('the admin outbox', () => {
  it("does not hand support the owner's reset link (the reproduction of issue #10)", async () => {
    const owner = await ownerOf(embedded);
    const support = await createTeamMember(embedded, 'support');
    const forgot = await embedded.inject({ method: 'POST', url: '/v1/password/forgot', payload: { email: OWNER_EMAIL, portal: 'team' } });
    expect(forgot.statusCode).toBe(200);
    const mail = await waitForMessage(embedded, { recipient: OWNER_EMAIL, template: 'password-reset' });
    const token = new URL(/https?:\/\/\S+/.exec(mail.body)?.[0] as string).searchParams.get('token') as string;
    expect(token.length).toBeGreaterThan(20);

    const seen = await visibleToTeam(embedded, support.token, OWNER_EMAIL);
    expect(seen).toContain('••••••');
    expect(seen).not.toContain(token);
    expect(seen).not.toContain(encodeURIComponent(token));
    expect(seen).not.toMatch(/token=/);
    // Nor does the database hold it readable: the whole message is sealed.
    expect(await storedRows(embedded, OWNER_EMAIL)).not.toContain(token);
    // The owner (the link's recipient) can still use it.
    const password = 'Owner-new-pass-1';
    expect((await embedded.inject({ method: 'POST', url: '/v1/password/reset', payload: { token, password, confirmPassword: password } })).statusCode).toBe(200);
    expect((await outboxAs(embedded, owner.token, OWNER_EMAIL)).statusCode).toBe(401);
  });

  it('hides invitation links and SMS codes from every team role', async () => {
    const owner = await createTeamMember(embedded, 'owner');
    const invitee = `invitee-${Date.now()}@tessera.test`;
    const invited = await embedded.inject({
      method: 'POST',
      url: '/v1/admin/team',
      headers: auth(owner.token),
      payload: { firstName: 'Ines', lastName: 'Ortiz', email: invitee, teamRole: 'owner' },
    });
    expect(invited.statusCode).toBe(200);
    const mail = await waitForMessage(embedded, { recipient: invitee, template: 'team-invitation' });
    const token = new URL(/https?:\/\/\S+/.exec(mail.body)?.[0] as string).searchParams.get('token') as string;
    expect(await visibleToTeam(embedded, owner.token, invitee)).not.toContain(token);

    await embedded.services.notifications.send({ channel: 'sms', to: '+60123450001', language: 'en', template: 'mobile-verification-code', params: { code: '482913', minutes: 10 } });
    const sms = await visibleToTeam(embedded, owner.token, '+60123450001');
    expect(sms).not.toContain('482913');
    expect(sms).toContain('••••••');
  });

  it('is read by owners and support only', async () => {
    const moderator = await createTeamMember(embedded, 'moderator');
    const answer = await outboxAs(embedded, moderator.token, OWNER_EMAIL);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('FORBIDDEN');
  });
});

describe('with SMTP configured', () => {
  it('sends the link to the recipient and keeps no readable copy once sent', async () => {
    const support = await createTeamMember(withSmtp, 'support');
    await ownerOf(withSmtp);
    expect((await withSmtp.inject({ method: 'POST', url: '/v1/password/forgot', payload: { email: OWNER_EMAIL, portal: 'team' } })).statusCode).toBe(200);
    await expect.poll(() => received.find((raw) => raw.includes('password')), { timeout: 10_000 }).toBeDefined();
    const link = /https?:\/\/\S+?\?token=[\w%-]+/.exec(received.find((raw) => raw.includes('?token=')) ?? '')?.[0];
    expect(link).toBeDefined();
    const token = new URL(link as string).searchParams.get('token') as string;
    await expect.poll(async () => (await withSmtp.db.kysely.selectFrom('notification_outbox').select('status').where('recipient', '=', OWNER_EMAIL).executeTakeFirst())?.status).toBe('sent');

    expect(await visibleToTeam(withSmtp, support.token, OWNER_EMAIL)).not.toContain(token);
    const rows = await withSmtp.db.kysely.selectFrom('notification_outbox').select(['sealed', 'body', 'html']).where('recipient', '=', OWNER_EMAIL).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sealed).toBeNull();
    expect(await storedRows(withSmtp, OWNER_EMAIL)).not.toContain(token);
  });
});

describe('sealed copies', () => {
  it('are dropped once the code or link has expired', async () => {
    const to = '+60123450002';
    const { id } = await embedded.services.notifications.send({ channel: 'sms', to, language: 'en', template: 'mobile-verification-code', params: { code: '771204', minutes: 10 } });
    expect((await embedded.services.notifications.mailbox({ recipient: to }))[0]?.body).toContain('771204');
    await embedded.db.kysely.updateTable('notification_outbox').set({ sealed_until: Date.now() - 1 }).where('id', '=', id).execute();
    const [after] = await embedded.services.notifications.mailbox({ recipient: to });
    expect(after?.body).not.toContain('771204');
    const row = await embedded.db.kysely.selectFrom('notification_outbox').select(['sealed', 'sealed_until']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ sealed: null, sealed_until: null });
  });
});

describe('the development mailbox', () => {
  it("shows a recipient's messages whole when DEV_MAILBOX is on, and does not exist otherwise", async () => {
    const to = 'dev-mailbox@example.com';
    await withMailbox.services.notifications.send({ channel: 'email', to, language: 'en', template: 'password-reset', params: { link: 'https://localhost/reset-password?token=dev-token-1', minutes: 30 } });
    const answer = await withMailbox.inject({ method: 'GET', url: `/v1/dev/mailbox?recipient=${to}&template=password-reset` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.items[0].body).toContain('token=dev-token-1');
    expect((await embedded.inject({ method: 'GET', url: `/v1/dev/mailbox?recipient=${to}` })).statusCode).toBe(404);
  });

  it('cannot be switched on for a server others can reach', () => {
    expect(() => loadConfig({ DEV_MAILBOX: 'true', PUBLIC_URL: 'https://shop.example.com' })).toThrow(ConfigError);
    expect(loadConfig({ DEV_MAILBOX: 'true', PUBLIC_URL: 'http://127.0.0.1:4000' }).devMailbox).toBe(true);
  });
});
