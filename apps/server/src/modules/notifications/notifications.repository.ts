import type { Kysely, Selectable } from 'kysely';
import { prepared } from '../../db/prepared-query.js';
import type { NotificationChannel, NotificationOutboxTable, NotificationsTables, NotificationStatus } from './notifications.tables.js';

export type NotificationRow = Selectable<NotificationOutboxTable>;

/** A position in the newest-first listing: the last row of the previous page. */
export interface OutboxPosition {
  createdAt: number;
  id: string;
}

// Every e-mail (an order's among them) writes these: built and compiled once (db/prepared-query.ts).
const insertMessage = prepared((db, row: NotificationOutboxTable) => db.insertInto('notification_outbox').values(row));
const markSent = prepared((db, id: string, sentAt: number | null) =>
  db
    .updateTable('notification_outbox')
    .set((eb) => ({ status: 'sent', attempts: eb('attempts', '+', 1), sent_at: sentAt, last_error: null, sealed: null, sealed_until: null }))
    .where('id', '=', id),
);
const markKept = prepared((db, id: string) =>
  db
    .updateTable('notification_outbox')
    .set((eb) => ({ status: 'outbox', attempts: eb('attempts', '+', 1), sent_at: null, last_error: null }))
    .where('id', '=', id),
);

/** Data access for the outbox; only NotificationsService calls it. */
export class NotificationsRepository {
  constructor(private readonly db: Kysely<NotificationsTables>) {}

  async insert(row: NotificationOutboxTable): Promise<void> {
    await insertMessage.execute(this.db, row);
  }

  async markDelivered(options: { id: string; status: Extract<NotificationStatus, 'sent' | 'outbox'>; sentAt: number | null }): Promise<void> {
    // Handed to a real transport: the sealed copy of its code or link has done its work.
    if (options.status === 'sent') await markSent.execute(this.db, options.id, options.sentAt);
    else await markKept.execute(this.db, options.id);
  }

  async markFailed(options: { id: string; error: string }): Promise<void> {
    await this.db
      .updateTable('notification_outbox')
      .set((eb) => ({ status: 'failed', attempts: eb('attempts', '+', 1), last_error: options.error }))
      .where('id', '=', options.id)
      .execute();
  }

  /** A delivery that will be tried again: the row stays queued, its attempts and last error counted. */
  async markAttemptFailed(options: { id: string; error: string }): Promise<void> {
    await this.db
      .updateTable('notification_outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: options.error }))
      .where('id', '=', options.id)
      .where('status', '=', 'queued')
      .execute();
  }

  findById(id: string): Promise<NotificationRow | undefined> {
    return this.db.selectFrom('notification_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first; keyset pagination on (created_at, id), both descending. */
  list(options: {
    after?: OutboxPosition | undefined;
    limit: number;
    channel?: NotificationChannel | undefined;
    recipient?: string | undefined;
    template?: string | undefined;
  }): Promise<NotificationRow[]> {
    let query = this.db.selectFrom('notification_outbox').selectAll();
    if (options.channel) query = query.where('channel', '=', options.channel);
    if (options.recipient) query = query.where('recipient', '=', options.recipient);
    if (options.template) query = query.where('template', '=', options.template);
    const after = options.after;
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  }

  async dropSealedBefore(now: number): Promise<void> {
    await this.db.updateTable('notification_outbox').set({ sealed: null, sealed_until: null }).where('sealed_until', '<=', now).execute();
  }

  latestFor(options: { recipient: string; template: string }): Promise<NotificationRow | undefined> {
    return this.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('recipient', '=', options.recipient)
      .where('template', '=', options.template)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
