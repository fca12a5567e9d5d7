import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import webPush from 'web-push';
import type { TChatPushPayload } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { Invalid } from '../../lib/errors.js';
import type { NotificationsService } from '../notifications/index.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Web push for a receiver who is offline, to the topic chat-{userId} (seed §4). With VAPID keys
 * configured it goes to every browser subscribed to the topic (the `web-push` package; gone
 * subscriptions are dropped); without them it stays in the notifications outbox, which the admin
 * console shows. A failure is logged and retried by the outbox event, never shown to anyone.
 */
export class ChatPush {
  constructor(
    private readonly options: { db: Kysely<Database>; vapid: VapidKeys | undefined; notifications: NotificationsService; log: FastifyBaseLogger },
  ) {}

  get publicKey(): string {
    return this.options.vapid?.publicKey ?? '';
  }

  async subscribe(options: { userId: string; topic: string; endpoint: string; p256dh: string; auth: string }): Promise<void> {
    if (options.topic !== `chat-${options.userId}`) throw Invalid('topic', `subscribe to chat-${options.userId}`);
    await this.options.db
      .insertInto('chat_push_subscriptions')
      .values({ endpoint: options.endpoint, user_id: options.userId, topic: options.topic, p256dh: options.p256dh, auth: options.auth, created_at: Date.now() })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: options.userId, topic: options.topic, p256dh: options.p256dh, auth: options.auth }))
      .execute();
  }

  /** Drops one browser's subscription, or all of the user's for the topic. */
  async unsubscribe(options: { userId: string; topic: string; endpoint?: string | undefined }): Promise<void> {
    let query = this.options.db.deleteFrom('chat_push_subscriptions').where('user_id', '=', options.userId).where('topic', '=', options.topic);
    if (options.endpoint) query = query.where('endpoint', '=', options.endpoint);
    await query.execute();
  }

  async send(userId: string, payload: TChatPushPayload): Promise<void> {
    const { db, vapid, notifications } = this.options;
    if (!vapid) {
      const account = await db.selectFrom('chat_users as c').leftJoin('users as u', 'u.id', 'c.account_id').select(['u.language']).where('c.id', '=', userId).executeTakeFirst();
      await notifications.send({
        channel: 'push',
        to: userId,
        userId,
        language: account?.language ?? 'en',
        template: 'chat-message',
        params: { senderName: payload.title, text: payload.body, link: payload.url },
      });
      return;
    }
    const subscriptions = await db.selectFrom('chat_push_subscriptions').selectAll().where('user_id', '=', userId).where('topic', '=', payload.topic).execute();
    for (const subscription of subscriptions) {
      try {
        await webPush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
          vapidDetails: vapid,
          TTL: 24 * 3600,
        });
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await db.deleteFrom('chat_push_subscriptions').where('endpoint', '=', subscription.endpoint).execute();
        } else {
          this.options.log.warn({ err: error, status }, 'chat push not delivered');
        }
      }
    }
  }
}
