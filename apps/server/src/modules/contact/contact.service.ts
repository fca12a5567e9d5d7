import { createHmac } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ZContactRequestSchema} from '@tessera/contracts';
import { CONTACT_RATE, type ContactStatus, type Language, type TContactMessage, type TTeamMember } from '@tessera/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { NotificationsService } from '../notifications/index.js';

type ContactInput = z.output<typeof ZContactRequestSchema>;
const HOUR_MS = 3_600_000;

/**
 * The contact form: every message is stored; the sender gets a confirmation in their language and
 * the team a notice, both queued in the message's own transaction (the events outbox delivers them).
 * A filled honeypot is answered like any message but stored as spam and delivers nothing. One
 * e-mail address, and one network address, may send only so many messages an hour (counted from
 * the stored rows, so every instance counts the same).
 */
export class ContactService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      notifications: NotificationsService;
      team: () => Promise<TTeamMember[]>;
      publicUrl: string;
      /** Keys the hash of a network address (nothing readable about the sender is kept for the limit). */
      addressKey: Uint8Array;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private hashAddress(address: string): string {
    return createHmac('sha256', this.deps.addressKey).update('contact-address\u0000').update(address).digest('base64url').slice(0, 32);
  }

  async submit(options: { input: ContactInput; language: Language; address: string }): Promise<{ id: string }> {
    const { input, language } = options;
    const now = this.now();
    const since = now - HOUR_MS;
    const addressHash = this.hashAddress(options.address);
    const email = input.email.toLowerCase();
    const [byEmail, byAddress] = await Promise.all([this.countSince('email', email, since), this.countSince('address_hash', addressHash, since)]);
    if (byEmail >= CONTACT_RATE.perEmailPerHour || byAddress >= CONTACT_RATE.perAddressPerHour) throw new AppError('CONTACT_TOO_MANY');

    const spam = !!input.website?.trim();
    const id = newId();
    // Read before the transaction: on SQLite a second connection inside it would wait for it.
    const recipients = spam ? [] : (await this.deps.team()).filter((m) => m.email && m.teamRole !== 'moderator');
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('contact_messages')
        .values({
          id,
          name: input.name,
          email,
          subject: input.subject,
          message: input.message,
          language,
          status: spam ? 'spam' : 'new',
          address_hash: addressHash,
          created_at: now,
          handled_at: null,
          handled_by: null,
        })
        .execute();
      if (spam) return;
      const queue = this.deps.notifications.queue.bind(this.deps.notifications);
      await queue({
        trx: trx as unknown as Transaction<never>,
        channel: 'email',
        to: email,
        language,
        template: 'contact-received',
        params: { name: input.name, subject: input.subject },
      });
      const link = `${this.deps.publicUrl.replace(/\/+$/, '')}/admin/contact?m=${id}`;
      for (const member of recipients) {
        await queue({
          trx: trx as unknown as Transaction<never>,
          channel: 'email',
          to: member.email as string,
          userId: member.id,
          language: 'en',
          template: 'contact-team-notice',
          params: { name: input.name, email, subject: input.subject, message: input.message, link },
        });
      }
    });
    if (!spam) this.deps.notifications.nudge();
    return { id };
  }

  private async countSince(column: 'email' | 'address_hash', value: string, since: number): Promise<number> {
    const row = await this.deps.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async list(options: { status: ContactStatus }): Promise<TContactMessage[]> {
    const rows = await this.deps.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('status', '=', options.status)
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute();
    return this.views(rows);
  }

  async get(id: string): Promise<TContactMessage> {
    const row = await this.deps.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    return (await this.views([row]))[0] as TContactMessage;
  }

  private async views(rows: Array<Database['contact_messages']>): Promise<TContactMessage[]> {
    if (rows.length === 0) return [];
    const [replies, team] = await Promise.all([
      this.deps.db
        .selectFrom('contact_replies')
        .selectAll()
        .where(
          'message_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('created_at')
        .execute(),
      this.deps.team(),
    ]);
    const nameOf = (id: string) => {
      const member = team.find((m) => m.id === id);
      return member ? [member.firstName, member.lastName].filter(Boolean).join(' ') : 'Tessera';
    };
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      language: row.language,
      status: row.status as ContactStatus,
      createdAt: Number(row.created_at),
      handledAt: row.handled_at === null ? null : Number(row.handled_at),
      replies: replies
        .filter((r) => r.message_id === row.id)
        .map((r) => ({ id: r.id, body: r.body, authorName: nameOf(r.author_id), createdAt: Number(r.created_at) })),
    }));
  }

  /** Marks a message handled (or back to new); spam stays spam. */
  async setHandled(options: { id: string; handled: boolean; memberId: string }): Promise<TContactMessage> {
    const now = this.now();
    const result = await this.deps.db
      .updateTable('contact_messages')
      .set(options.handled ? { status: 'handled', handled_at: now, handled_by: options.memberId } : { status: 'new', handled_at: null, handled_by: null })
      .where('id', '=', options.id)
      .where('status', '!=', 'spam')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw NotFound();
    return this.get(options.id);
  }

  /** E-mails a reply in the sender's language (through the outbox) and marks the message handled. */
  async reply(options: { id: string; body: string; memberId: string }): Promise<TContactMessage> {
    const row = await this.deps.db.selectFrom('contact_messages').selectAll().where('id', '=', options.id).where('status', '!=', 'spam').executeTakeFirst();
    if (!row) throw NotFound();
    const now = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('contact_replies')
        .values({ id: newId(), message_id: row.id, author_id: options.memberId, body: options.body, created_at: now })
        .execute();
      await trx.updateTable('contact_messages').set({ status: 'handled', handled_at: now, handled_by: options.memberId }).where('id', '=', row.id).execute();
      await this.deps.notifications.queue({
        trx: trx as unknown as Transaction<never>,
        channel: 'email',
        to: row.email,
        language: row.language,
        template: 'contact-reply',
        params: { name: row.name, subject: row.subject, reply: options.body },
      });
    });
    this.deps.notifications.nudge();
    return this.get(row.id);
  }
}
