import type { Aedes, Client, PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { ONLINE_STATUS, ZChatAcknowledgementSchema, ZMqttPublishedMessageSchema, ZTypingPayloadSchema, chatTopics } from '@tessera/contracts';
import { AppError } from '../../lib/errors.js';
import { presenceOf, publishRule } from '../../realtime/topic-rules.js';
import { requireMember, shareConversation } from './chat-access.js';
import type { ChatModule } from './chat.module.js';
import type { ChatUser } from './chat-users.js';

/** Where accepted chat messages and acknowledgements go once stored: a topic nobody may subscribe to. */
export const STORED_SINK_TOPIC = '$chat/stored';

export type PublishDecision = 'allow' | 'sink' | Error;

const json = (packet: PublishPacket): unknown => {
  try {
    return JSON.parse(packet.payload.toString());
  } catch {
    return undefined;
  }
};

/**
 * The chat's side of the broker: who a chat userToken is, which foreign presence a client may watch,
 * and what becomes of what it publishes. A chat message or acknowledgement published over MQTT is
 * stored exactly as the REST API stores it (one path) and then delivered by the outbox, never
 * forwarded raw: the receiver gets the stored, masked, deduplicated message.
 */
export class ChatMqtt {
  /** This instance's connections per chat user (presence: away only when the last one goes). */
  private readonly connections = new Map<string, Set<Client>>();

  constructor(
    private readonly chat: ChatModule,
    private readonly log: FastifyBaseLogger,
  ) {}

  userOfToken(token: string): Promise<ChatUser | undefined> {
    return token.startsWith('ct1.') ? this.chat.userOfToken(token) : Promise.resolve(undefined);
  }

  forAccount(account: { userId: string; userType: string }): Promise<ChatUser | undefined> {
    return ['buyer', 'seller', 'team'].includes(account.userType) ? this.chat.users.forAccount(account).catch(() => undefined) : Promise.resolve(undefined);
  }

  /** Someone else's presence: only when the two share a conversation. */
  async mayWatch(me: ChatUser, topic: string): Promise<boolean> {
    const other = presenceOf(topic);
    return other !== undefined && (await shareConversation(this.chat.context.db, me.id, other));
  }

  async authorizePublish(aedes: Aedes, client: Client | null, me: ChatUser | undefined, packet: PublishPacket): Promise<PublishDecision> {
    const rule = me ? publishRule(me.id, packet.topic) : undefined;
    if (!me || !rule) return new Error(`not allowed to publish to ${packet.topic}`);
    const payload = json(packet);
    if (rule === 'own-presence') return this.presence(client, me, packet, payload);
    const target = packet.topic.split('/')[1] as string;
    if (rule === 'typing') {
      const typing = ZTypingPayloadSchema.safeParse(payload);
      if (!typing.success || typing.data.senderId !== me.id) return new Error('typing: senderId must be the publisher');
      if (!(await shareConversation(this.chat.context.db, me.id, target))) return new Error('typing: no conversation with that user');
      packet.retain = false;
      packet.payload = Buffer.from(JSON.stringify({ ...typing.data, timestamp: Date.now() }));
      return 'allow';
    }
    try {
      if (rule === 'chat-message') {
        const message = ZMqttPublishedMessageSchema.safeParse(payload);
        if (!message.success) return new Error('message: invalid payload');
        const { data } = message;
        if (data.senderId !== me.id) return new Error('message: senderId must be the publisher');
        if (data.receiverId !== target) return new Error('message: receiverId must match the topic');
        const { memberIds } = await requireMember(this.chat.context.db, data.chatId, me.id);
        if (!memberIds.includes(target)) return new Error('message: the receiver is not in that conversation');
        // Stored the REST way; the PUBACK is the answer, so no view of it is built for the sender.
        await this.chat.messages.store({
          me,
          memberIds,
          clientId: data.client_id || client?.id || '',
          input: {
            conversationId: data.chatId,
            messageId: data.messageId,
            body: data.body,
            messageType: data.messageType ?? 0,
            customType: data.customType ?? 'NormalMessage',
            attachmentIds: data.attachmentIds ?? [],
            ...(data.assetId ? { assetId: data.assetId } : {}),
            ...(data.isExchange !== undefined ? { isExchange: data.isExchange } : {}),
          },
        });
      } else {
        const ack = ZChatAcknowledgementSchema.safeParse(payload);
        if (!ack.success) return new Error('acknowledgement: invalid payload');
        if (ack.data.senderId !== me.id) return new Error('acknowledgement: senderId must be the publisher');
        await this.chat.messages.mark({ me, conversationId: ack.data.chatId, status: ack.data.status, messageId: ack.data.messageId, upTo: ack.data.deliveryTime });
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A block or a rate limit refuses the message but keeps the connection (MQTT 3.1.1 has no
      // negative PUBACK): the publisher hears why on its own UserUpdates topic.
      if (error.code !== 'CHAT_BLOCKED' && error.code !== 'CHAT_RATE_LIMITED') return new Error(`${rule}: ${error.code}`);
      const refusal = { type: 'refused', code: error.code, messageId: (payload as { messageId?: string }).messageId ?? '', chatId: (payload as { chatId?: string }).chatId ?? '' };
      aedes.publish({ cmd: 'publish', topic: chatTopics.userUpdates(me.id), payload: Buffer.from(JSON.stringify(refusal)), qos: 1, retain: false, dup: false }, () => undefined);
    }
    packet.topic = STORED_SINK_TOPIC;
    packet.retain = false;
    packet.payload = Buffer.alloc(0);
    return 'sink';
  }

  /** Own presence, retained; an "away" (a will included) gets the time it happened. */
  private presence(client: Client | null, me: ChatUser, packet: PublishPacket, payload: unknown): PublishDecision {
    const status = (payload as { status?: unknown } | undefined)?.status;
    const online = status === ONLINE_STATUS.online;
    if (!online && client) {
      const others = [...(this.connections.get(me.id) ?? [])].filter((other) => other !== client);
      // Another tab of the same user is still here: its presence stands.
      if (others.length > 0) {
        packet.topic = STORED_SINK_TOPIC;
        packet.retain = false;
        return 'sink';
      }
    }
    packet.retain = true;
    packet.payload = Buffer.from(JSON.stringify(online ? { status: ONLINE_STATUS.online, lastSeenEnabled: true } : { status: ONLINE_STATUS.offline, lastSeenEnabled: true, lastSeen: Date.now() }));
    return 'allow';
  }

  connected(client: Client, me: ChatUser): void {
    const set = this.connections.get(me.id) ?? new Set<Client>();
    set.add(client);
    this.connections.set(me.id, set);
    if (set.size === 1) this.chat.users.setOnline(me.id, true).catch((error: unknown) => this.log.warn({ err: error }, 'chat presence not saved'));
  }

  /** The last connection gone: away since now, retained for whoever watches. */
  disconnected(aedes: Aedes, client: Client, me: ChatUser): void {
    const set = this.connections.get(me.id);
    if (!set?.delete(client)) return;
    if (set.size > 0) return;
    this.connections.delete(me.id);
    const now = Date.now();
    this.chat.users.setOnline(me.id, false, now).catch((error: unknown) => this.log.warn({ err: error }, 'chat presence not saved'));
    if (aedes.closed) return;
    const away = { status: ONLINE_STATUS.offline, lastSeenEnabled: true, lastSeen: now };
    aedes.publish({ cmd: 'publish', topic: chatTopics.onlineStatus(me.id), payload: Buffer.from(JSON.stringify(away)), qos: 1, retain: true, dup: false }, () => undefined);
  }
}
