import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { toLanguage } from '@tessera/contracts';
import { createCursorCodec, isTimeIdPosition, type CursorCodec } from '../../lib/cursor.js';
import { Invalid } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { NotificationsRepository, type NotificationRow, type OutboxPosition } from './notifications.repository.js';
import type { NotificationChannel, NotificationsTables, NotificationStatus } from './notifications.tables.js';
import { hideSecrets, secretLifetimeMs } from './notifications.secrets.js';
import { isTemplateName, renderTemplate, type TemplateName, type TemplateParams } from './notifications.templates.js';
import { SealedBox } from './sealed-box.js';
import { createTransports, SmtpTransport, type Transport } from './transports/index.js';

export interface NotificationsServiceOptions<DB extends NotificationsTables = NotificationsTables> {
  /** The app's Kysely instance; its schema must include the outbox table. */
  db: Kysely<DB>;
  /** smtp:// or smtps:// URL: e-mail goes through SMTP. Unset: e-mail stays in the outbox. */
  smtpUrl?: string | undefined;
  /** The From header of e-mail; default 'Tessera <no-reply@tessera.test>'. */
  mailFrom?: string | undefined;
  log: FastifyBaseLogger;
  /** A transport per channel to use instead of the configured one (a real SMS or push adapter). */
  transports?: Partial<Record<NotificationChannel, Transport>> | undefined;
  /**
   * The app's signing key: signs the paging cursors of `list` (an edited cursor is refused) and,
   * through a key derived for that alone, seals the messages that carry a code or a link.
   */
  cursorKey: Uint8Array | string;
  /**
   * The events outbox: a message queued inside a caller's transaction is delivered by its
   * dispatcher after the commit, with retries, and after a crash (see `queue`).
   */
  events?: EventsOutbox | undefined;
  /** Fault injection (config.notificationDeliveryPaused): the outbox's deliveries fail and are retried later. */
  deliveryPaused?: boolean | undefined;
}

/** What the notifications need of the events outbox (modules/events). */
export interface EventsOutbox {
  enqueue<DB>(db: Transaction<DB>, event: { kind: string; payload: unknown; key?: string }): Promise<string>;
  on<P>(kind: string, handler: (event: { payload: P; attempts: number }) => Promise<void>): void;
  nudge(): void;
}

/**
 * Deliveries a queued message gets before its row says 'failed' for good: the events outbox tries
 * again after 1 s, 2 s, 4 s … (at most 5 min apart), so a mail server away for about 20 minutes loses
 * nothing. Below the outbox's own limit, so that the message's row, not a dead event, has the last word.
 */
export const QUEUED_DELIVERY_ATTEMPTS = 12;

/** A queued message's transport refused it and the events outbox will try again (the handler's error). */
export class DeliveryDeferred extends Error {
  override readonly name = 'DeliveryDeferred';
}

/**
 * What a module needs to send a message as part of its own change: `queue` it in the change's
 * transaction (the events outbox delivers it after the commit), then `nudge` once committed.
 */
export interface TransactionalNotifier {
  queue(options: { trx: Transaction<never>; channel: NotificationChannel; to: string; userId?: string; language: string; template: TemplateName; params: Record<string, string | number> }): Promise<unknown>;
  nudge(): void;
}

/** The event that delivers a message queued in a transaction. */
export const NOTIFICATION_DELIVER = 'notification.deliver';

export interface SendOptions<T extends TemplateName> {
  channel: NotificationChannel;
  /** E-mail address, phone number (+60123456789) or, for push, the user id. */
  to: string;
  /** The user the message is for, when known. */
  userId?: string | null | undefined;
  /** The recipient's language; anything unsupported falls back to English. */
  language: string;
  template: T;
  params: TemplateParams[T];
}

/** A message written to the outbox and not yet handed to its transport (NotificationsService.queue). */
export interface QueuedMessage {
  id: string;
  channel: NotificationChannel;
  to: string;
  language: string;
  template: TemplateName;
  subject: string;
  text: string;
  html: string | null;
  params: object;
}

export interface SendResult {
  id: string;
  status: NotificationStatus;
}

/**
 * One outbox row. As the admin console sees it (`list`, `get`, `latestFor`), a code or link that
 * grants access is hidden (••••••); as its recipient gets it (`mailbox`), it is whole.
 */
export interface NotificationItem {
  id: string;
  channel: NotificationChannel;
  recipient: string;
  userId: string | null;
  language: string;
  template: string;
  subject: string;
  body: string;
  html: string | null;
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

export interface NotificationPage {
  items: NotificationItem[];
  /** Pass as `cursor` to get the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export const MAX_PAGE_SIZE = 100;
const MAX_ERROR_LENGTH = 500;
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const PHONE = /^\+?[0-9]{6,15}$/;

/**
 * Every message the server sends — e-mail, SMS, web push — in the recipient's language. Each is first
 * written to the outbox table, then handed to the channel's transport; the row records the outcome.
 * A transport failure never throws: the row says 'failed' and the log says why. The log names the
 * channel, template, notification id and a masked recipient — never the body, code or link.
 */
export class NotificationsService<DB extends NotificationsTables = NotificationsTables> {
  private readonly repository: NotificationsRepository;
  private readonly transports: Record<NotificationChannel, Transport>;
  private readonly log: FastifyBaseLogger;
  private readonly cursors: CursorCodec<OutboxPosition>;
  /** Credentials of SMTP_URL, kept only to strip them from any error text. */
  private readonly secrets: string[];
  /** Seals the messages that carry a code or a link until they are delivered. */
  private readonly box: SealedBox;
  /** When expired sealed messages were last dropped. */
  private lastPurgeAt = 0;
  private readonly events: EventsOutbox | undefined;

  constructor(options: NotificationsServiceOptions<DB>) {
    // The outbox table is all this service touches; the wider schema of the app does not matter.
    this.repository = new NotificationsRepository(options.db as unknown as Kysely<NotificationsTables>);
    this.transports = createTransports({ smtpUrl: options.smtpUrl, mailFrom: options.mailFrom, overrides: options.transports });
    this.log = options.log;
    this.secrets = urlSecrets(options.smtpUrl);
    this.box = new SealedBox(options.cursorKey, 'notification-outbox');
    this.events = options.events;
    this.events?.on<{ id: string }>(NOTIFICATION_DELIVER, async (event) => {
      if (options.deliveryPaused) throw new Error('notification delivery paused (NOTIFICATION_DELIVERY_PAUSED)');
      await this.deliverQueued(event.payload.id, { retry: event.attempts + 1 < QUEUED_DELIVERY_ATTEMPTS });
    });
    // 'query.cursor': the field of GET /v1/admin/notifications, which passes its query straight here.
    this.cursors = createCursorCodec<OutboxPosition>({ key: options.cursorKey, purpose: 'outbox', field: 'query.cursor' });
    const email = this.transports.email;
    if (email.kind === 'outbox') {
      this.log.info('notifications: no SMTP_URL set, e-mail is kept in the outbox table; the admin console shows it (GET /v1/admin/notifications)');
    } else if (email instanceof SmtpTransport && options.smtpUrl) {
      this.log.info(`notifications: e-mail goes through ${SmtpTransport.describe(options.smtpUrl)}`);
    }
  }

  /**
   * Renders the template in the recipient's language, writes the outbox row and tries the channel's
   * transport. Throws only on bad input (Invalid) or a database failure, never on a refused delivery.
   */
  async send<T extends TemplateName>(options: SendOptions<T>): Promise<SendResult> {
    if (this.transports[options.channel].kind === 'outbox') {
      // The outbox transport's delivery is the row itself: written once, as kept in the outbox, where
      // 'queued' then 'outbox' took two writes (every order e-mail of the embedded mode comes here).
      const { id, template, to } = await this.write(options, 'outbox');
      this.log.info({ notificationId: id, channel: options.channel, template, to: maskRecipient(options.channel, to), transport: 'outbox', status: 'outbox' }, `notification kept in the outbox (no ${options.channel} transport configured)`);
      return { id, status: 'outbox' };
    }
    return this.deliver(await this.queue(options));
  }

  /**
   * Writes the message to the outbox as 'queued' without delivering it, inside the caller's
   * transaction when one is given, so that the message exists exactly when the caller's change
   * commits (an approval with its e-mail, back-in-stock messages with the stock update). With a
   * transaction and the events outbox wired, an event written beside it delivers the message after
   * the commit — retried, and again after a crash — and the caller does nothing more; without a
   * transaction, call `deliver` yourself.
   */
  async queue<T extends TemplateName, TDB extends NotificationsTables = NotificationsTables>(
    options: SendOptions<T> & { trx?: Transaction<TDB> | undefined },
  ): Promise<QueuedMessage> {
    return this.write(options, 'queued');
  }

  /** The outbox row of a message: 'queued' for a transport to deliver, or 'outbox' when the row is the delivery. */
  private async write<T extends TemplateName, TDB extends NotificationsTables = NotificationsTables>(
    options: SendOptions<T> & { trx?: Transaction<TDB> | undefined },
    status: 'queued' | 'outbox',
  ): Promise<QueuedMessage> {
    if (!isTemplateName(options.template)) throw Invalid('template', `unknown template "${String(options.template)}"`);
    const to = normalizeRecipient(options.channel, options.to);
    const language = toLanguage(options.language);
    const rendered = renderTemplate({ template: options.template, language, params: options.params });
    const id = newId();
    const now = Date.now();
    const email = options.channel === 'email';
    const html = email ? (rendered.html ?? null) : null;
    // A code or a link that grants access is stored only sealed; the row shows it hidden.
    const hiddenParams = hideSecrets(options.template, options.params);
    const shown = hiddenParams ? renderTemplate({ template: options.template, language, params: hiddenParams }) : rendered;
    const repository = options.trx ? new NotificationsRepository(options.trx as unknown as Transaction<NotificationsTables>) : this.repository;
    await repository.insert({
      id,
      channel: options.channel,
      recipient: to,
      user_id: options.userId ?? null,
      language,
      template: options.template,
      subject: shown.subject,
      body: shown.text,
      html: email ? (shown.html ?? null) : null,
      status,
      attempts: status === 'outbox' ? 1 : 0,
      last_error: null,
      created_at: now,
      sent_at: null,
      sealed: hiddenParams ? this.box.seal(JSON.stringify({ subject: rendered.subject, text: rendered.text, html } satisfies Sealed)) : null,
      sealed_until: hiddenParams ? now + secretLifetimeMs(options.params) : null,
    });
    if (!options.trx) await this.purgeExpiredSecrets(now);
    else if (this.events) await this.events.enqueue(options.trx as unknown as Transaction<NotificationsTables>, { kind: NOTIFICATION_DELIVER, payload: { id } });
    return { id, channel: options.channel, to, language, template: options.template, subject: rendered.subject, text: rendered.text, html, params: options.params };
  }

  /** Tells the events dispatcher to look for work now (after a commit that queued messages). */
  nudge(): void {
    this.events?.nudge();
  }

  /**
   * Delivers a message the outbox still holds as 'queued' (the NOTIFICATION_DELIVER event's work):
   * one already delivered or failed is left alone, so a retried event sends nothing twice. A crash
   * between the transport's acceptance and the row's update may send it again: at least once.
   * With `retry`, a refused delivery keeps the row queued (its attempts and last error counted) and
   * throws DeliveryDeferred, so that the events outbox tries again later.
   */
  async deliverQueued(id: string, options: { retry?: boolean } = {}): Promise<SendResult | null> {
    const row = await this.repository.findById(id);
    if (!row || row.status !== 'queued') return null;
    const opened = row.sealed !== null && Number(row.sealed_until) > Date.now() ? this.box.open(row.sealed) : undefined;
    const whole = opened ? (JSON.parse(opened) as Sealed) : { subject: row.subject, text: row.body, html: row.html };
    return this.deliver({
      id: row.id,
      channel: row.channel as NotificationChannel,
      to: row.recipient,
      language: toLanguage(row.language),
      template: row.template as TemplateName,
      subject: whole.subject,
      text: whole.text,
      html: whole.html,
      params: {},
    } as QueuedMessage, options);
  }

  /**
   * Hands a queued message to its channel's transport and records the outcome. A refused delivery
   * marks the row failed and does not throw, unless `retry` asks to keep it queued (deliverQueued).
   */
  async deliver(message: QueuedMessage, options: { retry?: boolean } = {}): Promise<SendResult> {
    const { id, channel, to, html } = message;
    const transport = this.transports[channel];
    const logged = { notificationId: id, channel, template: message.template, to: maskRecipient(channel, to), transport: transport.name };
    try {
      await transport.send({ id, channel, to, language: message.language, subject: message.subject, text: message.text, ...(html ? { html } : {}) });
    } catch (error) {
      const reason = this.describeFailure(error, to, message.params);
      if (options.retry) {
        await this.repository.markAttemptFailed({ id, error: reason });
        this.log.warn({ ...logged, status: 'queued', error: reason }, 'notification not delivered yet: it will be tried again');
        throw new DeliveryDeferred(reason);
      }
      await this.repository.markFailed({ id, error: reason });
      this.log.error({ ...logged, status: 'failed', error: reason }, 'notification failed');
      return { id, status: 'failed' };
    }
    const status = transport.kind === 'outbox' ? 'outbox' : 'sent';
    await this.repository.markDelivered({ id, status, sentAt: status === 'sent' ? Date.now() : null });
    this.log.info({ ...logged, status }, status === 'outbox' ? `notification kept in the outbox (no ${channel} transport configured)` : 'notification sent');
    return { id, status };
  }

  /** The outbox, newest first, a page at a time. */
  async list(options: { cursor?: string | undefined; limit: number; channel?: NotificationChannel | undefined; recipient?: string | undefined }): Promise<NotificationPage> {
    const limit = Math.min(Math.max(Math.trunc(options.limit), 1), MAX_PAGE_SIZE);
    const after = options.cursor ? this.cursors.decode(options.cursor, isTimeIdPosition) : undefined;
    const recipient = options.recipient?.trim();
    const rows = await this.repository.list({
      after,
      limit: limit + 1,
      channel: options.channel,
      recipient: recipient ? (recipient.includes('@') ? recipient.toLowerCase() : recipient) : undefined,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(toItem),
      nextCursor: rows.length > limit && last ? this.cursors.encode({ createdAt: Number(last.created_at), id: last.id }) : null,
    };
  }

  /**
   * The messages to one recipient as they were delivered to them, newest first: codes and links
   * whole while they still work and have not been handed to a real transport (which drops them).
   * This is the recipient's own copy, never the console's: the development mailbox
   * (GET /v1/dev/mailbox, DEV_MAILBOX=true on a local server) and the tests read it.
   */
  async mailbox(options: { recipient: string; template?: TemplateName | undefined; limit?: number | undefined }): Promise<NotificationItem[]> {
    const now = Date.now();
    await this.purgeExpiredSecrets(now, true);
    const raw = options.recipient.trim();
    const rows = await this.repository.list({
      limit: Math.min(Math.max(Math.trunc(options.limit ?? 20), 1), MAX_PAGE_SIZE),
      recipient: raw.includes('@') ? raw.toLowerCase() : raw,
      template: options.template,
    });
    return rows.map((row) => {
      const item = toItem(row);
      const opened = row.sealed !== null && Number(row.sealed_until) > now ? this.box.open(row.sealed) : undefined;
      if (!opened) return item;
      const whole = JSON.parse(opened) as Sealed;
      return { ...item, subject: whole.subject, body: whole.text, html: whole.html };
    });
  }

  /**
   * Drops the sealed copies whose codes and links no longer work. Run as messages are queued, at
   * most once a minute (or at once when `force`d), so the table never holds a usable secret for
   * longer than the secret itself works.
   */
  async purgeExpiredSecrets(now = Date.now(), force = false): Promise<void> {
    if (!force && now - this.lastPurgeAt < 60_000) return;
    this.lastPurgeAt = now;
    await this.repository.dropSealedBefore(now);
  }

  /** The newest message of a template to a recipient, as the console sees it. */
  async latestFor(options: { recipient: string; template: TemplateName }): Promise<NotificationItem | undefined> {
    const recipient = options.recipient.trim();
    const row = await this.repository.latestFor({ recipient: recipient.includes('@') ? recipient.toLowerCase() : recipient, template: options.template });
    return row && toItem(row);
  }

  /** One row by id. */
  async get(options: { id: string }): Promise<NotificationItem | undefined> {
    const row = await this.repository.findById(options.id);
    return row && toItem(row);
  }

  /**
   * The reason a delivery failed, safe to store and log: the recipient masked, the params (a code, a
   * link) and the SMTP credentials removed, one line, bounded.
   */
  private describeFailure(error: unknown, to: string, params: object): string {
    const detail = error instanceof Error ? error.message : String(error);
    let reason = detail.replaceAll(to, '[recipient]');
    for (const value of Object.values(params)) {
      if (typeof value === 'string' && value.length >= 3) reason = reason.replaceAll(value, '[redacted]');
    }
    for (const secret of this.secrets) reason = reason.replaceAll(secret, '[redacted]');
    reason = reason.replace(/\s+/g, ' ').trim() || 'unknown error';
    return reason.length > MAX_ERROR_LENGTH ? `${reason.slice(0, MAX_ERROR_LENGTH - 1)}…` : reason;
  }
}

/** What a sealed row holds: the message as its recipient gets it. */
interface Sealed {
  subject: string;
  text: string;
  html: string | null;
}

function normalizeRecipient(channel: NotificationChannel, raw: string): string {
  const to = typeof raw === 'string' ? raw.trim() : '';
  switch (channel) {
    case 'email':
      if (!EMAIL.test(to)) throw Invalid('to', 'is not an e-mail address');
      return to.toLowerCase();
    case 'sms': {
      const phone = to.replace(/[\s().-]/g, '');
      if (!PHONE.test(phone)) throw Invalid('to', 'is not a phone number');
      return phone;
    }
    case 'push':
      if (!to) throw Invalid('to', 'is not a user id');
      return to;
  }
}

/**
 * The recipient as the log may show it: `a***@example.com`, `+60******89`, `0190ab12***`. Enough to
 * tell messages apart, not enough to collect addresses from the log.
 */
export function maskRecipient(channel: NotificationChannel, recipient: string): string {
  switch (channel) {
    case 'email': {
      const at = recipient.lastIndexOf('@');
      if (at < 1) return '***';
      return `${recipient[0]}***${recipient.slice(at)}`;
    }
    case 'sms': {
      const plus = recipient.startsWith('+') ? '+' : '';
      const digits = recipient.slice(plus.length);
      if (digits.length <= 4) return `${plus}${'*'.repeat(digits.length)}`;
      return `${plus}${digits.slice(0, 2)}${'*'.repeat(digits.length - 4)}${digits.slice(-2)}`;
    }
    case 'push':
      return `${recipient.slice(0, 8)}***`;
  }
}

function urlSecrets(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    return [parsed.password, decodeURIComponent(parsed.password)].filter((s) => s.length >= 3);
  } catch {
    return [];
  }
}

function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    userId: row.user_id,
    language: row.language,
    template: row.template,
    subject: row.subject,
    body: row.body,
    html: row.html,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
  };
}
