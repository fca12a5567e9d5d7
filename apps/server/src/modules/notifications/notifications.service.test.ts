import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { notifications as notificationsMigration } from '../../db/migrations/003_notifications.js';
import { AppError } from '../../lib/errors.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { EventsService } from '../events/index.js';
import { NotificationsService, QUEUED_DELIVERY_ATTEMPTS, maskRecipient } from './notifications.service.js';
import type { NotificationsTables } from './notifications.tables.js';

/** Signs the outbox paging cursors, as the app's signing key does. */
const cursorKey = 'outbox-cursor-test-key';

/** A migrated database with the outbox table (a no-op once 003 is in the migration list). */
async function outboxDatabase(): Promise<{ database: TestDatabase; kysely: Kysely<NotificationsTables> }> {
  const database = await createTestDatabase();
  const tables = await database.db.kysely.introspection.getTables();
  if (!tables.some((t) => t.name === 'notification_outbox')) await notificationsMigration.up(database.db.kysely);
  return { database, kysely: database.db.kysely as unknown as Kysely<NotificationsTables> };
}

/** A pino logger whose output the test can read. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = pino({ level: 'info' }, stream);
  return { log, text: () => lines.join(''), entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1:<free port> that keeps what it receives, or refuses recipients. */
async function startSmtpServer(options: { user?: string; pass?: string; refuse?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (!options.refuse) return callback();
      // Servers often echo the address: the stored and logged error must not.
      callback(Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.user ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass ?? '')}@` : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The readable text of a MIME message whose parts are quoted-printable (what nodemailer picks for mostly-ASCII text). */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

const { database, kysely } = await outboxDatabase();
afterAll(() => database.drop());

describe('NotificationsService without a mail server (embedded mode)', () => {
  const log = capturedLog();
  const service = new NotificationsService({ cursorKey, db: kysely, log: log.log });

  it('says at start that e-mail is kept in the outbox and where to read it', () => {
    expect(log.text()).toContain('no SMTP_URL set');
    expect(log.text()).toContain('GET /v1/admin/notifications');
  });

  it('keeps an e-mail in the outbox with status "outbox", rendered in the recipient language', async () => {
    const userId = '0190f0a0-0000-7000-8000-000000000001';
    const result = await service.send({
      channel: 'email',
      to: '  Bea.Lopez@Example.com ',
      userId,
      language: 'es',
      template: 'password-reset',
      params: { link: 'https://tessera.test/reset-password?token=reset-abc-123', minutes: 30 },
    });
    expect(result.status).toBe('outbox');
    const row = await service.get({ id: result.id });
    expect(row).toMatchObject({
      id: result.id,
      channel: 'email',
      recipient: 'bea.lopez@example.com',
      userId,
      language: 'es',
      template: 'password-reset',
      subject: 'Restablece tu contraseña de Tessera',
      status: 'outbox',
      attempts: 1,
      lastError: null,
      sentAt: null,
    });
    // The console's copy hides the link; the recipient's copy has it whole.
    expect(row?.body).not.toContain('reset-abc-123');
    expect(row?.html).not.toContain('reset-abc-123');
    expect(row?.body).toContain('••••••');
    const [delivered] = await service.mailbox({ recipient: 'bea.lopez@example.com', template: 'password-reset' });
    expect(delivered?.id).toBe(result.id);
    expect(delivered?.body).toContain('https://tessera.test/reset-password?token=reset-abc-123');
    expect(delivered?.html).toContain('href="https://tessera.test/reset-password?token=reset-abc-123"');
    expect(row?.createdAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("finds the latest message of a template in a recipient's mailbox (how the e2e suite follows a reset link)", async () => {
    const to = 'latest@example.com';
    await service.send({ channel: 'email', to, language: 'en', template: 'password-reset', params: { link: 'https://tessera.test/r?token=first', minutes: 30 } });
    await service.send({ channel: 'email', to, language: 'en', template: 'welcome', params: { firstName: 'Lee' } });
    await service.send({ channel: 'email', to, language: 'en', template: 'password-reset', params: { link: 'https://tessera.test/r?token=second', minutes: 30 } });
    const [latest] = await service.mailbox({ recipient: 'Latest@Example.com', template: 'password-reset' });
    expect(latest?.body).toContain('token=second');
    expect((await service.latestFor({ recipient: 'Latest@Example.com', template: 'password-reset' }))?.body).not.toContain('token=second');
    expect(await service.latestFor({ recipient: to, template: 'seller-approved' })).toBeUndefined();
  });

  it('keeps SMS and push in the outbox as plain text (no HTML)', async () => {
    const sms = await service.send({ channel: 'sms', to: '+60 12-345 6789', language: 'ms', template: 'mobile-verification-code', params: { code: '731904', minutes: 10 } });
    const push = await service.send({ channel: 'push', to: '0190f0a0-0000-7000-8000-0000000000aa', language: 'ar', template: 'back-in-stock', params: { productTitle: 'سجادة', link: 'https://tessera.test/p/1' } });
    expect(sms.status).toBe('outbox');
    expect(push.status).toBe('outbox');
    const smsRow = await service.get({ id: sms.id });
    expect(smsRow).toMatchObject({ recipient: '+60123456789', html: null, subject: 'Kod pengesahan Tessera anda' });
    expect(smsRow?.body).not.toContain('731904');
    expect((await service.mailbox({ recipient: '+60123456789' }))[0]?.body).toContain('731904');
    expect((await service.get({ id: push.id }))?.html).toBeNull();
  });

  it('falls back to English for a language it does not speak', async () => {
    const result = await service.send({ channel: 'email', to: 'fr@example.com', language: 'fr-FR', template: 'welcome', params: { firstName: 'Jean' } });
    expect(await service.get({ id: result.id })).toMatchObject({ language: 'en', subject: 'Welcome to Tessera, Jean' });
  });

  it.each([
    ['email', 'not-an-address'],
    ['email', ''],
    ['sms', '12ab'],
    ['push', '   '],
  ] as const)('refuses a %s recipient "%s" with a typed Invalid error and writes nothing', async (channel, to) => {
    const before = await service.list({ limit: 100 });
    const attempt = service.send({ channel, to, language: 'en', template: 'welcome', params: { firstName: 'X' } });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'VALIDATION', field: 'to' });
    expect((await service.list({ limit: 100 })).items.length).toBe(before.items.length);
  });
});

describe('NotificationsService logging', () => {
  it('logs one info line with channel, template, id and a masked recipient — never the code', async () => {
    const log = capturedLog();
    const service = new NotificationsService({ cursorKey, db: kysely, log: log.log });
    const before = log.entries().length;
    const result = await service.send({ channel: 'sms', to: '+60123456789', language: 'en', template: 'mobile-verification-code', params: { code: '559204', minutes: 10 } });
    const lines = log.entries().slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, notificationId: result.id, channel: 'sms', template: 'mobile-verification-code', to: '+60*******89', status: 'outbox' });
    expect(lines[0]?.msg).toContain('outbox');
    expect(log.text()).not.toContain('559204');
    expect(log.text()).not.toContain('+60123456789');
    expect(log.text()).not.toContain('123456789');
  });

  it('never logs a reset link or its token, nor the full address', async () => {
    const log = capturedLog();
    const service = new NotificationsService({ cursorKey, db: kysely, log: log.log });
    await service.send({ channel: 'email', to: 'alice@example.com', language: 'en', template: 'password-reset', params: { link: 'https://tessera.test/reset?token=tok_SECRET_9f8e', minutes: 30 } });
    expect(log.text()).toContain('"to":"a***@example.com"');
    expect(log.text()).not.toContain('tok_SECRET_9f8e');
    expect(log.text()).not.toContain('reset?');
    expect(log.text()).not.toContain('alice@');
  });

  it.each([
    ['email', 'alice@example.com', 'a***@example.com'],
    ['email', 'x@tessera.test', 'x***@tessera.test'],
    ['sms', '+6012345689', '+60******89'],
    ['sms', '+1234', '+****'],
    ['push', '0190f0a0-0000-7000-8000-0000000000aa', '0190f0a0***'],
  ] as const)('masks a %s recipient %s as %s', (channel, recipient, masked) => {
    expect(maskRecipient(channel, recipient)).toBe(masked);
  });
});

describe('NotificationsService with SMTP_URL (a real SMTP server)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer({ user: 'mailer', pass: 'smtp-Pa55word!' });
  });
  afterAll(() => smtp.close());

  it('delivers the message to the SMTP server with the right sender, recipient, subject and body; the row says sent', async () => {
    const log = capturedLog();
    const service = new NotificationsService({ cursorKey, db: kysely, log: log.log, smtpUrl: smtp.url, mailFrom: 'Tessera Ops <ops@tessera.test>' });
    const before = Date.now();
    const link = 'https://tessera.test/reset-password?token=smtp-token-42';
    const result = await service.send({ channel: 'email', to: 'carol@example.com', language: 'en', template: 'password-reset', params: { link, minutes: 30 } });
    expect(result.status).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0] as ReceivedMail;
    expect(mail.from).toBe('ops@tessera.test');
    expect(mail.to).toEqual(['carol@example.com']);
    expect(mail.raw).toMatch(/^Subject: Reset your Tessera password\r?$/m);
    expect(mail.raw).toMatch(/^From: Tessera Ops <ops@tessera\.test>\r?$/m);
    expect(mail.raw).toMatch(/^To: carol@example\.com\r?$/m);
    expect(mail.raw).toMatch(new RegExp(`^X-Notification-Id: ${result.id}\\r?$`, 'im'));
    expect(mail.raw).toMatch(/^Content-Language: en\r?$/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const decoded = decodeQuotedPrintable(mail.raw);
    expect(decoded).toContain('We received a request to reset the password of your Tessera account.');
    expect(decoded).toContain(`Choose a new password: ${link}`);
    const row = await service.get({ id: result.id });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeGreaterThanOrEqual(before);
    // The start-up line names the server, not its password; the send line has no link.
    expect(log.text()).toContain(`e-mail goes through smtp://127.0.0.1:`);
    expect(log.text()).not.toContain('smtp-Pa55word!');
    expect(log.text()).not.toContain('smtp-token-42');
    expect(log.entries().at(-1)).toMatchObject({ msg: 'notification sent', to: 'c***@example.com', transport: 'smtp', status: 'sent' });
  });

  it('sends to the SMTP server with the MAIL_FROM default when none is given', async () => {
    const service = new NotificationsService({ cursorKey, db: kysely, log: capturedLog().log, smtpUrl: smtp.url });
    await service.send({ channel: 'email', to: 'dan@example.com', language: 'en', template: 'welcome', params: { firstName: 'Dan' } });
    const mail = smtp.received.at(-1) as ReceivedMail;
    expect(mail.from).toBe('no-reply@tessera.test');
    expect(mail.raw).toMatch(/^From: Tessera <no-reply@tessera\.test>\r?$/m);
    expect(mail.raw).toMatch(/^Subject: Welcome to Tessera, Dan\r?$/m);
  });

  it('still keeps SMS in the outbox: SMTP carries e-mail only', async () => {
    const service = new NotificationsService({ cursorKey, db: kysely, log: capturedLog().log, smtpUrl: smtp.url });
    const count = smtp.received.length;
    const result = await service.send({ channel: 'sms', to: '+34600111222', language: 'es', template: 'mobile-verification-code', params: { code: '111222', minutes: 5 } });
    expect(result.status).toBe('outbox');
    expect(smtp.received.length).toBe(count);
  });
});

describe('NotificationsService when delivery fails', () => {
  it('marks the row failed with one attempt and the reason, does not throw, and logs no secret', async () => {
    const smtp = await startSmtpServer({ refuse: true });
    try {
      const log = capturedLog();
      const service = new NotificationsService({ cursorKey, db: kysely, log: log.log, smtpUrl: smtp.url });
      const result = await service.send({ channel: 'email', to: 'erin@example.com', language: 'en', template: 'mobile-verification-code', params: { code: '908172', minutes: 10 } });
      expect(result.status).toBe('failed');
      const row = await service.get({ id: result.id });
      expect(row).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
      expect(row?.lastError).toContain('550');
      expect(row?.lastError).not.toContain('erin@example.com');
      const failure = log.entries().at(-1);
      expect(failure).toMatchObject({ level: 50, msg: 'notification failed', notificationId: result.id, to: 'e***@example.com', status: 'failed' });
      expect(String(failure?.error)).toContain('550');
      expect(log.text()).not.toContain('908172');
      expect(log.text()).not.toContain('erin@');
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('marks the row failed when the SMTP server cannot be reached', async () => {
    const smtp = await startSmtpServer();
    const url = smtp.url;
    await smtp.close();
    const service = new NotificationsService({ cursorKey, db: kysely, log: capturedLog().log, smtpUrl: url });
    const result = await service.send({ channel: 'email', to: 'fay@example.com', language: 'en', template: 'welcome', params: { firstName: 'Fay' } });
    expect(result.status).toBe('failed');
    expect((await service.get({ id: result.id }))?.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('records a failure of any transport plugged into the port, such as a future SMS gateway', async () => {
    const log = capturedLog();
    const gateway = {
      channel: 'sms' as const,
      name: 'test-gateway',
      kind: 'external' as const,
      send: async () => {
        throw new Error('gateway said: number +60111222333 is blocked, code 246810 not sent');
      },
    };
    const service = new NotificationsService({ cursorKey, db: kysely, log: log.log, transports: { sms: gateway } });
    const result = await service.send({ channel: 'sms', to: '+60111222333', language: 'en', template: 'mobile-verification-code', params: { code: '246810', minutes: 10 } });
    expect(result.status).toBe('failed');
    const row = await service.get({ id: result.id });
    expect(row?.lastError).toBe('gateway said: number [recipient] is blocked, code [redacted] not sent');
    expect(log.text()).not.toContain('246810');
    expect(log.text()).not.toContain('+60111222333');
  });
});

describe('NotificationsService with the events outbox (messages queued in a transaction)', () => {
  /** A gateway that refuses the first `refusals` deliveries, then accepts; it counts both. */
  function flakyGateway(refusals: number) {
    const tries: string[] = [];
    return {
      tries,
      gateway: {
        channel: 'sms' as const,
        name: 'flaky-gateway',
        kind: 'external' as const,
        send: async (message: { to: string }) => {
          tries.push(message.to);
          if (tries.length <= refusals) throw new Error(`gateway busy (try ${tries.length}), ${message.to} not reached`);
        },
      },
    };
  }

  async function queueOne(service: NotificationsService, db: Kysely<NotificationsTables>, to: string): Promise<string> {
    const queued = await db.transaction().execute((trx) =>
      service.queue({ trx, channel: 'sms', to, language: 'en', template: 'mobile-verification-code', params: { code: '135790', minutes: 10 } }),
    );
    service.nudge();
    return queued.id;
  }

  it('keeps a refused message queued and delivers it once the transport takes it again', async () => {
    const { database: own, kysely: db } = await outboxDatabase();
    const events = new EventsService({ db: own.db.kysely, dialect: own.db.dialect, log: capturedLog().log, pollIntervalMs: 20, backoffMs: () => 20 });
    try {
      const log = capturedLog();
      const flaky = flakyGateway(2);
      const service = new NotificationsService({ cursorKey, db, log: log.log, transports: { sms: flaky.gateway }, events });
      events.start();
      const id = await queueOne(service, db, '+60111222444');
      await expect.poll(async () => (await service.get({ id }))?.status, { timeout: 10_000, interval: 20 }).toBe('sent');
      // Two refusals, then the delivery: three tries, one message sent, the row counts them all.
      expect(flaky.tries).toHaveLength(3);
      expect(await service.get({ id })).toMatchObject({ status: 'sent', attempts: 1 + 2 });
      expect(log.entries().filter((entry) => entry.msg === 'notification not delivered yet: it will be tried again')).toHaveLength(2);
      expect(log.text()).not.toContain('135790');
      expect(log.text()).not.toContain('+60111222444');
      await events.settle();
      expect(flaky.tries).toHaveLength(3);
    } finally {
      await events.stop();
      await own.drop();
    }
  });

  it(`gives up after ${QUEUED_DELIVERY_ATTEMPTS} refusals: the row says failed with the last reason, and the event is done, not dead`, async () => {
    const { database: own, kysely: db } = await outboxDatabase();
    const events = new EventsService({ db: own.db.kysely, dialect: own.db.dialect, log: capturedLog().log, pollIntervalMs: 20, backoffMs: () => 5 });
    try {
      const flaky = flakyGateway(Number.POSITIVE_INFINITY);
      const service = new NotificationsService({ cursorKey, db, log: capturedLog().log, transports: { sms: flaky.gateway }, events });
      events.start();
      const id = await queueOne(service, db, '+60111222555');
      await expect.poll(async () => (await service.get({ id }))?.status, { timeout: 10_000, interval: 20 }).toBe('failed');
      const row = await service.get({ id });
      expect(row).toMatchObject({ status: 'failed', attempts: QUEUED_DELIVERY_ATTEMPTS });
      expect(row?.lastError).toBe(`gateway busy (try ${QUEUED_DELIVERY_ATTEMPTS}), [recipient] not reached`);
      await events.settle();
      expect(flaky.tries).toHaveLength(QUEUED_DELIVERY_ATTEMPTS);
      const counts = await events.counts();
      expect(counts.dead ?? 0).toBe(0);
    } finally {
      await events.stop();
      await own.drop();
    }
  });
});

describe('NotificationsService.list', () => {
  it('pages newest first with a cursor and filters by channel and recipient', async () => {
    const { database: own, kysely: db } = await outboxDatabase();
    try {
      const service = new NotificationsService({ cursorKey, db, log: capturedLog().log });
      const sent: string[] = [];
      for (let i = 0; i < 5; i++) {
        sent.push((await service.send({ channel: 'email', to: `p${i}@example.com`, language: 'en', template: 'welcome', params: { firstName: `P${i}` } })).id);
        sent.push((await service.send({ channel: 'sms', to: `+6011000000${i}`, language: 'en', template: 'mobile-verification-code', params: { code: `10000${i}`, minutes: 5 } })).id);
      }
      const newestFirst = [...sent].reverse();
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await service.list({ limit: 3, cursor });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(4);
      expect(seen).toEqual(newestFirst);

      const sms = await service.list({ limit: 100, channel: 'sms' });
      expect(sms.items.map((i) => i.channel)).toEqual(Array(5).fill('sms'));
      expect(sms.nextCursor).toBeNull();
      const one = await service.list({ limit: 10, recipient: 'P3@example.com' });
      expect(one.items.map((i) => i.recipient)).toEqual(['p3@example.com']);
      expect((await service.list({ limit: 10, channel: 'sms', recipient: 'p3@example.com' })).items).toEqual([]);
      await expect(service.list({ limit: 10, cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({ code: 'VALIDATION', field: 'query.cursor', messageKey: 'CURSOR_INVALID' });
      // A cursor signed with another key (another deployment) is not one of this outbox's.
      const other = new NotificationsService({ cursorKey: 'another-key', db, log: capturedLog().log });
      const foreign = (await other.list({ limit: 3 })).nextCursor;
      expect(foreign).toEqual(expect.any(String));
      await expect(service.list({ limit: 3, cursor: foreign as string })).rejects.toMatchObject({ code: 'VALIDATION', field: 'query.cursor' });
    } finally {
      await own.drop();
    }
  });
});
