import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { toLanguage } from '@tessera/contracts';
import { createCursorCodec, isTimeIdPosition, type CursorCodec } from '../../lib/cursor.js';
import { Invalid } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { NotificationsRepository, type NotificationRow, type OutboxPosition } from './notifications.repository.js';
import type { NotificationChannel, NotificationsTables, NotificationStatus } from './notifications.tables.js';
import { isTemplateName, renderTemplate, type TemplateName, type TemplateParams } from './notifications.templates.js';
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
  /** Signs the paging cursors of `list` (the app's signing key), so an edited cursor is refused. */
  cursorKey: Uint8Array | string;
}

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

/** One outbox row as the admin console and the tests see it. */
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

  constructor(options: NotificationsServiceOptions<DB>) {
    // The outbox table is all this service touches; the wider schema of the app does not matter.
    this.repository = new NotificationsRepository(options.db as unknown as Kysely<NotificationsTables>);
    this.transports = createTransports({ smtpUrl: options.smtpUrl, mailFrom: options.mailFrom, overrides: options.transports });
    this.log = options.log;
    this.secrets = urlSecrets(options.smtpUrl);
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
    return this.deliver(await this.queue(options));
  }

  /**
   * Writes the message to the outbox as 'queued' without delivering it, inside the caller's
   * transaction when one is given, so that the message exists exactly when the caller's change
   * commits (back-in-stock messages with the stock update). Call `deliver` after the commit.
   */
  async queue<T extends TemplateName, TDB extends NotificationsTables = NotificationsTables>(
    options: SendOptions<T> & { trx?: Transaction<TDB> | undefined },
  ): Promise<QueuedMessage> {
    if (!isTemplateName(options.template)) throw Invalid('template', `unknown template "${String(options.template)}"`);
    const to = normalizeRecipient(options.channel, options.to);
    const language = toLanguage(options.language);
    const rendered = renderTemplate({ template: options.template, language, params: options.params });
    const id = newId();
    const html = options.channel === 'email' ? (rendered.html ?? null) : null;
    const repository = options.trx ? new NotificationsRepository(options.trx as unknown as Transaction<NotificationsTables>) : this.repository;
    await repository.insert({
      id,
      channel: options.channel,
      recipient: to,
      user_id: options.userId ?? null,
      language,
      template: options.template,
      subject: rendered.subject,
      body: rendered.text,
      html,
      status: 'queued',
      attempts: 0,
      last_error: null,
      created_at: Date.now(),
      sent_at: null,
    });
    return { id, channel: options.channel, to, language, template: options.template, subject: rendered.subject, text: rendered.text, html, params: options.params };
  }

  /** Hands a queued message to its channel's transport and records the outcome; never throws on a refused delivery. */
  async deliver(message: QueuedMessage): Promise<SendResult> {
    const { id, channel, to, html } = message;
    const transport = this.transports[channel];
    const logged = { notificationId: id, channel, template: message.template, to: maskRecipient(channel, to), transport: transport.name };
    try {
      await transport.send({ id, channel, to, language: message.language, subject: message.subject, text: message.text, ...(html ? { html } : {}) });
    } catch (error) {
      const reason = this.describeFailure(error, to, message.params);
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

  /** The newest message of a template to a recipient (the e-2-e tests read the reset link from it). */
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
