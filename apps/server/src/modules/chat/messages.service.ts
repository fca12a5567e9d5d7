import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { MESSAGE_STATUS, NORMAL_MESSAGE_CUSTOM_TYPE, type TChatMember, type TChatMessage, type TChatOffer, type ZChatSendMessageRequestSchema } from '@tessera/contracts';
import { prepared } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { AppError, Invalid, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { refuseIfBlocked, requireMember } from './chat-access.js';
import type { StoredAttachment } from './chat-attachments.js';
import { CHAT_EVENTS, type ChatContext, type MessageEvent, type ReceiptEvent } from './chat-context.js';
import type { ChatUser } from './chat-users.js';
import { messageView, parseJson, type MessageRow } from './chat-views.js';
import { maskContactDetails } from './contact-masking.js';

export type SendInput = z.output<typeof ZChatSendMessageRequestSchema>;
type ChatMember = Omit<TChatMember, 'isAdmin'>;

// The statements of every message sent and delivered, built and compiled once (prepared-query.ts).
const insertMessage = prepared((db, row: MessageRow) =>
  db
    .insertInto('chat_messages')
    .values(row)
    .onConflict((oc) => oc.columns(['conversation_id', 'message_id']).doNothing()),
);
const storedTwin = prepared((db, conversationId: string, messageId: string) =>
  db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).where('message_id', '=', messageId),
);
const touchConversation = prepared((db, conversationId: string, rowId: string, now: number) =>
  db.updateTable('chat_conversations').set({ last_message_row_id: rowId, updated_at: now }).where('id', '=', conversationId),
);
// Every member's activity time, and the others' unread counts, in one statement.
const touchMembersCounting = prepared((db, conversationId: string, senderId: string, now: number) =>
  db
    .updateTable('chat_members')
    .set({ last_activity_at: now, unread_count: sql<number>`unread_count + case when user_id = ${senderId} then 0 else 1 end` })
    .where('conversation_id', '=', conversationId),
);
const touchMembers = prepared((db, conversationId: string, now: number) =>
  db.updateTable('chat_members').set({ last_activity_at: now }).where('conversation_id', '=', conversationId),
);
const messageForDelivery = prepared((db, rowId: string) =>
  db.selectFrom('chat_messages as m').innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id').selectAll('m').select('c.push_notifications').where('m.id', '=', rowId),
);
const memberIdsOf = prepared((db, conversationId: string) => db.selectFrom('chat_members').select('user_id').where('conversation_id', '=', conversationId));
// A member's unread count in one conversation and in all of them, summed by the database.
const unreadCounts = prepared((db, userId: string, conversationId: string) =>
  db
    .selectFrom('chat_members')
    .select([
      sql<number | string | null>`sum(case when conversation_id = ${conversationId} then unread_count else 0 end)`.as('mine'),
      sql<number | string | null>`sum(unread_count)`.as('total'),
    ])
    .where('user_id', '=', userId),
);
/** Loads the offers of messages (the offers service registers itself: no import cycle). */
export type OfferLoader = (offerIds: readonly string[]) => Promise<Map<string, TChatOffer>>;

// Control characters other than tab and newline never reach a reader.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export interface PreparedMessage {
  row: MessageRow;
  memberIds: string[];
  flagKinds: string[];
  countUnread: boolean;
}

export interface SentMessage {
  message: TChatMessage;
  /** The same messageId was stored before: nothing new was written or delivered. */
  duplicate: boolean;
}

/** Messages: send (REST and MQTT alike), history, receipts, delete. */
export class MessagesService {
  private loadOffers: OfferLoader = async () => new Map();

  constructor(private readonly ctx: ChatContext) {}

  useOfferLoader(loader: OfferLoader): void {
    this.loadOffers = loader;
  }

  /**
   * Stores a message and its delivery event in one transaction. The same messageId again in the
   * conversation answers the stored message and delivers nothing twice. Refused: non-members
   * (404), a block between the two (403 CHAT_BLOCKED), too many messages (429).
   */
  async send(options: { me: ChatUser; input: SendInput; clientId?: string }): Promise<SentMessage> {
    const stored = await this.store(options);
    const [message] = await this.viewRows(options.me.id, [stored.row], stored.memberIds);
    return { message: message as TChatMessage, duplicate: stored.duplicate };
  }

  /**
   * `send` without the sender's answer (an MQTT publish is answered by its PUBACK alone). `memberIds`:
   * the conversation's members when the caller has just read them (the broker's publish check).
   */
  async store(options: { me: ChatUser; input: SendInput; clientId?: string; memberIds?: string[] }): Promise<{ row: MessageRow; duplicate: boolean; memberIds: string[] }> {
    await this.ctx.limiter.takeMessage(options.me.id);
    const prepared = await this.prepare(options);
    // Committed, the message's event goes straight to delivery in this process (events.commit).
    const stored = await this.ctx.events.commit((trx) => this.insert(trx, prepared));
    return { ...stored, memberIds: prepared.memberIds };
  }

  /**
   * Everything that reads before the write: membership, blocks, attachments, masking. (Inside a
   * SQLite transaction no other query may run, so the transaction itself only writes.)
   */
  async prepare(options: { me: ChatUser; input: SendInput; clientId?: string; offerId?: string; memberIds?: string[] }): Promise<PreparedMessage> {
    const { me, input } = options;
    const body = input.body.replace(CONTROL, '');
    const memberIds = options.memberIds?.includes(me.id) ? options.memberIds : (await requireMember(this.ctx.db, input.conversationId, me.id)).memberIds;
    const others = memberIds.filter((id) => id !== me.id);
    await refuseIfBlocked(this.ctx.db, me.id, others);
    const attachments = input.attachmentIds.length > 0 ? await this.ctx.attachments.own(me.accountId, input.attachmentIds) : [];
    if (attachments.length !== input.attachmentIds.length) throw Invalid('attachmentIds', 'upload the file with POST /chat/attachment first');
    if (body.trim() === '' && attachments.length === 0 && !options.offerId) throw Invalid('body', 'write a message');
    const masking = await this.maskingFor(me, others, body);
    const row: MessageRow = {
      id: newId(),
      conversation_id: input.conversationId,
      message_id: input.messageId ?? newId(),
      sender_id: me.id,
      body,
      masked_body: masking ? masking.text : null,
      message_type: input.messageType,
      custom_type: input.customType || NORMAL_MESSAGE_CUSTOM_TYPE,
      meta_data: JSON.stringify(input.metaData ?? {}),
      asset_id: input.assetId ?? '',
      is_exchange: input.isExchange ? 1 : 0,
      client_id: options.clientId ?? input.deviceId ?? '',
      attachments: JSON.stringify(attachments),
      offer_id: options.offerId ?? null,
      status: MESSAGE_STATUS.sent,
      delivered_at: 0,
      read_at: 0,
      deleted: 0,
      timestamp: 0,
    };
    return { row, memberIds, flagKinds: masking?.kinds ?? [], countUnread: input.events?.updateUnreadCount !== false };
  }

  /** Writes a prepared message and its delivery event in the caller's transaction (or finds the stored twin). */
  async insert(trx: Transaction<Database>, prepared: PreparedMessage): Promise<{ row: MessageRow; duplicate: boolean }> {
    const { conversation_id: conversationId, message_id: messageId, sender_id: senderId } = prepared.row;
    // Server time orders the history; a client's clock is not trusted for it.
    const now = Date.now();
    const row: MessageRow = { ...prepared.row, timestamp: now };
    // The same messageId again (a client's retry) is not inserted: the stored twin answers.
    if ((await insertMessage.affected(trx, row)) === 0) {
      const existing = await storedTwin.first(trx, conversationId, messageId);
      if (!existing || existing.sender_id !== senderId) throw Invalid('messageId', 'already used in this conversation');
      return { row: existing, duplicate: true };
    }
    await touchConversation.execute(trx, conversationId, row.id, now);
    if (prepared.countUnread) await touchMembersCounting.execute(trx, conversationId, senderId, now);
    else await touchMembers.execute(trx, conversationId, now);
    if (prepared.flagKinds.length > 0) {
      await trx
        .insertInto('chat_flags')
        .values({ id: newId(), conversation_id: conversationId, message_row_id: row.id, sender_id: senderId, kinds: JSON.stringify(prepared.flagKinds), created_at: now })
        .execute();
    }
    await this.ctx.events.enqueue(trx, { kind: CHAT_EVENTS.message, key: conversationId, payload: { messageRowId: row.id } satisfies MessageEvent });
    return { row, duplicate: false };
  }

  /**
   * Contact details are masked for the receivers while no order exists between the buyer and the
   * store of a direct chat. The team's own messages are never masked.
   */
  private async maskingFor(me: ChatUser, others: readonly string[], body: string) {
    if (me.kind === 'team' || body === '') return undefined;
    const masked = maskContactDetails(body, this.ctx.ownHosts);
    if (masked.kinds.length === 0) return undefined;
    const people = await this.ctx.users.requireAll(others, 'conversationId');
    const store = me.kind === 'store' ? me : people.find((user) => user.kind === 'store');
    const buyer = me.kind === 'buyer' ? me : people.find((user) => user.kind === 'buyer');
    if (store?.storeId && buyer && (await this.ctx.hasOrderBetween({ buyerAccountId: buyer.accountId, storeId: store.storeId }))) return undefined;
    return masked;
  }

  /** History, newest first, paged backwards by the keyset (timestamp, messageId). */
  async history(options: { me: ChatUser; conversationId: string; before?: number | undefined; beforeMessageId?: string | undefined; limit: number }) {
    const { me, conversationId, limit } = options;
    const { memberIds } = await requireMember(this.ctx.db, conversationId, me.id);
    let query = this.ctx.db
      .selectFrom('chat_messages as m')
      .selectAll('m')
      .where('m.conversation_id', '=', conversationId)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('chat_hidden_messages as h').select('h.user_id').whereRef('h.message_row_id', '=', 'm.id').where('h.user_id', '=', me.id))),
      );
    if (options.before !== undefined) {
      const before = options.before;
      const beforeId = options.beforeMessageId;
      query = query.where((eb) =>
        beforeId === undefined
          ? eb('m.timestamp', '<', before)
          : eb.or([eb('m.timestamp', '<', before), eb.and([eb('m.timestamp', '=', before), eb('m.message_id', '<', beforeId)])]),
      );
    }
    const rows = await query.orderBy('m.timestamp', 'desc').orderBy('m.message_id', 'desc').limit(limit + 1).execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      messages: await this.viewRows(me.id, page, memberIds),
      next: rows.length > limit && last ? { before: Number(last.timestamp), beforeMessageId: last.message_id } : null,
    };
  }

  /** Views of messages by row id, as `viewerId` sees them (for conversation lists). */
  async viewsByRowIds(viewerId: string, rowIds: readonly string[]): Promise<Map<string, TChatMessage>> {
    if (rowIds.length === 0) return new Map();
    const rows = await this.ctx.db.selectFrom('chat_messages').selectAll().where('id', 'in', rowIds).execute();
    const members = await this.ctx.db
      .selectFrom('chat_members')
      .select(['conversation_id', 'user_id'])
      .where('conversation_id', 'in', [...new Set(rows.map((row) => row.conversation_id))])
      .execute();
    const result = new Map<string, TChatMessage>();
    for (const row of rows) {
      const memberIds = members.filter((member) => member.conversation_id === row.conversation_id).map((member) => member.user_id);
      result.set(row.id, (await this.viewRows(viewerId, [row], memberIds))[0] as TChatMessage);
    }
    return result;
  }

  /** One stored message and its conversation's members (for delivery). */
  async loadForDelivery(messageRowId: string): Promise<{ row: MessageRow; memberIds: string[]; pushNotifications: boolean } | undefined> {
    const found = await messageForDelivery.first(this.ctx.db, messageRowId);
    if (!found) return undefined;
    const { push_notifications: push, ...row } = found;
    const members = await memberIdsOf.all(this.ctx.db, row.conversation_id);
    return { row, memberIds: members.map((member) => member.user_id), pushNotifications: push === 1 };
  }

  /** `profiles`: the senders' profiles when the caller has them already (delivery reads every member's at once). */
  async viewRows(viewerId: string, rows: readonly MessageRow[], memberIds: readonly string[], profiles?: ReadonlyMap<string, ChatMember>): Promise<TChatMessage[]> {
    const senders = profiles ?? (await this.ctx.users.profiles(rows.map((row) => row.sender_id)));
    const offerIds = rows.map((row) => row.offer_id).filter((id): id is string => id !== null);
    const offers = offerIds.length > 0 ? await this.loadOffers(offerIds) : new Map<string, TChatOffer>();
    return rows.map((row) =>
      messageView({
        row,
        viewerId,
        memberIds,
        senderName: senders.get(row.sender_id)?.name ?? '',
        attachments: parseJson<StoredAttachment[]>(row.attachments, []).map((stored) => this.ctx.attachments.view(stored)),
        offer: row.offer_id ? (offers.get(row.offer_id) ?? null) : null,
      }),
    );
  }

  /**
   * Receipts: the reader's messages from others in the conversation up to `messageId` (or up to the
   * time `upTo`) become delivered (1) or read (2). Read also resets the reader's unread count. The
   * senders get an acknowledgement, the reader's other devices the new count. Idempotent.
   */
  async mark(options: { me: ChatUser; conversationId: string; status: 1 | 2; messageId?: string | undefined; upTo?: number | undefined }) {
    const { me, conversationId, status } = options;
    await requireMember(this.ctx.db, conversationId, me.id);
    let upTo = options.upTo;
    let lastMessageId = options.messageId ?? '';
    if (options.messageId !== undefined) {
      const target = await this.ctx.db.selectFrom('chat_messages').select(['timestamp', 'message_id']).where('conversation_id', '=', conversationId).where('message_id', '=', options.messageId).executeTakeFirst();
      if (!target) throw new AppError('NOT_FOUND', 'messageId');
      upTo = Number(target.timestamp);
    }
    if (upTo === undefined) throw Invalid('messageId', 'name the last message');
    const time = upTo;
    const now = Date.now();
    const result = await this.ctx.events.commit(async (trx) => {
      const changed = await trx
        .selectFrom('chat_messages')
        .select(['sender_id', 'message_id', 'timestamp'])
        .where('conversation_id', '=', conversationId)
        .where('sender_id', '!=', me.id)
        .where('timestamp', '<=', time)
        .where('status', '<', status)
        .orderBy('timestamp', 'desc')
        .execute();
      if (changed.length > 0) {
        await trx
          .updateTable('chat_messages')
          .set(status === 2 ? { status, read_at: now, delivered_at: now } : { status, delivered_at: now })
          .where('conversation_id', '=', conversationId)
          .where('sender_id', '!=', me.id)
          .where('timestamp', '<=', time)
          .where('status', '<', status)
          .execute();
        if (!lastMessageId) lastMessageId = (changed[0] as { message_id: string }).message_id;
      }
      if (status === 2) {
        const member = await trx.selectFrom('chat_members').select('read_up_to').where('conversation_id', '=', conversationId).where('user_id', '=', me.id).executeTakeFirstOrThrow();
        const readUpTo = Math.max(Number(member.read_up_to), time);
        const unread = await trx
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('conversation_id', '=', conversationId)
          .where('sender_id', '!=', me.id)
          .where('timestamp', '>', readUpTo)
          .where('deleted', '=', 0)
          .executeTakeFirstOrThrow();
        await trx.updateTable('chat_members').set({ read_up_to: readUpTo, unread_count: Number(unread.n) }).where('conversation_id', '=', conversationId).where('user_id', '=', me.id).execute();
      }
      const senders = [...new Set(changed.map((row) => row.sender_id))];
      if (senders.length > 0 || status === 2) {
        const event: ReceiptEvent = { conversationId, readerId: me.id, status, upTo: time, senders, lastMessageId };
        await this.ctx.events.enqueue(trx, { kind: CHAT_EVENTS.receipt, key: conversationId, payload: event });
      }
      return this.unreadOf(trx, me.id, conversationId);
    });
    return result;
  }

  async unreadOf(db: Transaction<Database> | ChatContext['db'], userId: string, conversationId: string): Promise<{ unreadCount: number; totalUnread: number }> {
    const counts = await unreadCounts.first(db, userId, conversationId);
    return { unreadCount: Number(counts?.mine ?? 0), totalUnread: Number(counts?.total ?? 0) };
  }

  async totalUnread(userId: string): Promise<number> {
    const row = await this.ctx.db.selectFrom('chat_members').select((eb) => eb.fn.sum<number>('unread_count').as('n')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Deletes a message for the caller alone, or (its sender) for everyone: the body and files go. */
  async delete(options: { me: ChatUser; conversationId: string; messageId: string; forEveryone: boolean }): Promise<void> {
    const { me, conversationId, messageId } = options;
    const { isAdmin } = await requireMember(this.ctx.db, conversationId, me.id);
    const row = await this.ctx.db.selectFrom('chat_messages').select(['id', 'sender_id', 'deleted']).where('conversation_id', '=', conversationId).where('message_id', '=', messageId).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'messageId');
    if (!options.forEveryone) {
      await this.ctx.db
        .insertInto('chat_hidden_messages')
        .values({ user_id: me.id, message_row_id: row.id })
        .onConflict((oc) => oc.columns(['user_id', 'message_row_id']).doNothing())
        .execute();
      return;
    }
    if (row.sender_id !== me.id && !(isAdmin && me.kind === 'team')) throw new AppError('FORBIDDEN', 'forEveryone');
    if (row.deleted === 1) return;
    await this.ctx.events.commit(async (trx) => {
      // The text and files are gone for good, not only hidden.
      await trx.updateTable('chat_messages').set({ deleted: 1, body: '', masked_body: null, attachments: '[]' }).where('id', '=', row.id).execute();
      await this.ctx.events.enqueue(trx, { kind: CHAT_EVENTS.listUpdate, key: conversationId, payload: { conversationId } });
    });
  }
}

export const MessageNotFound = () => NotFound();
