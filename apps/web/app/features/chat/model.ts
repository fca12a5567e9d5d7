import {
  MESSAGE_LIST_UPDATE,
  MESSAGE_STATUS,
  type TChatAcknowledgement,
  type TChatMessage,
  type TChatOffer,
  type TConversationListItem,
  type TMessageListUpdate,
} from '@tessera/contracts';

/**
 * The message center's data rules, pure so they are tested on their own (seed §4):
 * - a messageId already held is not added again (a retried delivery, a message that came both
 *   over MQTT and in a history page);
 * - message-list updates of type 1 replace the list, type 2 add one message;
 * - an acknowledgement raises the status of the sender's messages up to its time, never lowers it.
 */

/** A message as the thread shows it: stored, or still on its way from this tab. */
export interface ThreadMessage extends TChatMessage {
  /** 'sending': not stored yet (a clock); 'failed': the send failed (retry offered). */
  local?: 'sending' | 'failed';
}

/** Oldest first, ties broken by messageId (the server's order). */
export function compareMessages(a: Pick<TChatMessage, 'timestamp' | 'messageId'>, b: Pick<TChatMessage, 'timestamp' | 'messageId'>): number {
  return a.timestamp - b.timestamp || (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0);
}

function merged(held: ThreadMessage, incoming: ThreadMessage): ThreadMessage {
  // The stored copy wins over the local one; a status never goes back (2 read stays 2).
  const status = Math.max(held.status, incoming.status);
  if (incoming.local && !held.local) return { ...held, status };
  return { ...held, ...incoming, status, deliveryTime: Math.max(held.deliveryTime, incoming.deliveryTime) };
}

/** The list with `incoming` added: once per messageId, in order. */
export function mergeMessages(list: readonly ThreadMessage[], incoming: readonly ThreadMessage[]): ThreadMessage[] {
  if (incoming.length === 0) return list as ThreadMessage[];
  const byId = new Map(list.map((message) => [message.messageId, message]));
  for (const message of incoming) {
    const held = byId.get(message.messageId);
    byId.set(message.messageId, held ? merged(held, message) : message);
  }
  return [...byId.values()].sort(compareMessages);
}

/** Whether a message is already held (seed §4: "ignores messages whose messageId is already stored"). */
export function holds(list: readonly ThreadMessage[], messageId: string): boolean {
  return list.some((message) => message.messageId === messageId);
}

/**
 * Seed §4 message-list update. Type 1 replaces the newest page (older pages already loaded and
 * this tab's unsent messages stay); type 2 adds one message.
 */
export function applyListUpdate(list: readonly ThreadMessage[], update: TMessageListUpdate): ThreadMessage[] {
  if (update.type === MESSAGE_LIST_UPDATE.prepend) return mergeMessages(list, update.messages);
  const fresh = [...update.messages].sort(compareMessages);
  const oldest = fresh[0];
  const older = oldest ? list.filter((m) => !m.local && compareMessages(m, oldest) < 0) : [];
  const unsent = list.filter((m) => m.local && !fresh.some((f) => f.messageId === m.messageId));
  return mergeMessages([...older, ...fresh], unsent);
}

/**
 * An acknowledgement from the other side (seed §3): my messages in that chat up to its time (or up
 * to its messageId) reach its status.
 */
export function applyAcknowledgement(list: readonly ThreadMessage[], ack: Pick<TChatAcknowledgement, 'chatId' | 'status' | 'deliveryTime' | 'messageId'>, me: string): ThreadMessage[] {
  const upTo = ack.messageId ? (list.find((m) => m.messageId === ack.messageId)?.timestamp ?? ack.deliveryTime) : ack.deliveryTime;
  let changed = false;
  const next = list.map((message) => {
    if (message.senderId !== me || message.chatId !== ack.chatId || message.local || message.timestamp > upTo || message.status >= ack.status) return message;
    changed = true;
    return { ...message, status: ack.status };
  });
  return changed ? next : (list as ThreadMessage[]);
}

/** An offer changed state: every message that carries it shows the new state. */
export function applyOffer(list: readonly ThreadMessage[], offer: TChatOffer): ThreadMessage[] {
  let changed = false;
  const next = list.map((message) => {
    if (message.offer?.offerId !== offer.offerId) return message;
    changed = true;
    return { ...message, offer };
  });
  return changed ? next : (list as ThreadMessage[]);
}

/** What this tab shows at once when the user sends (seed §4: stamped with the time, status 0). */
export function localMessage(options: {
  conversationId: string;
  me: string;
  receiverId: string;
  body: string;
  now: number;
  messageId: string;
  senderName?: string;
}): ThreadMessage {
  return {
    messageId: options.messageId,
    chatId: options.conversationId,
    conversationId: options.conversationId,
    senderId: options.me,
    receiverId: options.receiverId,
    client_id: '',
    status: MESSAGE_STATUS.sent,
    deliveryTime: 0,
    assetId: '',
    timestamp: options.now,
    isExchange: false,
    body: options.body,
    messageType: 0,
    customType: 'NormalMessage',
    masked: false,
    deleted: false,
    senderName: options.senderName ?? '',
    metaData: {},
    attachments: [],
    offer: null,
    local: 'sending',
  };
}

let lastStamp = 0;
let sequence = 0;

/**
 * A message id stamped with the current time (seed §4), unique within this tab even for two sends
 * in the same millisecond, and across tabs by a random tail. Fits the contract's id pattern.
 */
export function newMessageId(now = Date.now()): string {
  sequence = now === lastStamp ? sequence + 1 : 0;
  lastStamp = now;
  const random = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
  return `${now}-${sequence}-${random}`;
}

/** The conversation list after a message came or went: its last message, and first place. */
export function withLastMessage(list: readonly TConversationListItem[], message: TChatMessage): TConversationListItem[] {
  const index = list.findIndex((c) => c.conversationId === message.chatId);
  if (index < 0) return list as TConversationListItem[];
  const conversation = list[index] as TConversationListItem;
  if (conversation.lastMessage && compareMessages(conversation.lastMessage, message) > 0) return list as TConversationListItem[];
  const updated = { ...conversation, lastMessage: message, updatedAt: Math.max(conversation.updatedAt, message.timestamp) };
  return [updated, ...list.slice(0, index), ...list.slice(index + 1)];
}

/** A conversation's unread count as the server last said. */
export function withUnread(list: readonly TConversationListItem[], chatId: string, unreadCount: number): TConversationListItem[] {
  return list.map((c) => (c.conversationId === chatId && c.unreadCount !== unreadCount ? { ...c, unreadCount } : c));
}

/** The name a conversation is shown by: the other side's, else the seed's metaData names, else the title. */
export function conversationName(conversation: TConversationListItem, myKind: 'buyer' | 'store' | 'team'): string {
  const meta = conversation.metaData as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  if (myKind === 'team') {
    // The store team reads along in a buyer–store chat: both names say which one it is.
    const pair = [text(meta.buyerName), text(meta.sellerName) ?? text(meta.sellerAliasName)].filter(Boolean).join(' · ');
    if (pair) return pair;
  }
  if (conversation.opponent?.name) return conversation.opponent.name;
  const fromMeta = myKind === 'buyer' ? (text(meta.sellerName) ?? text(meta.sellerAliasName)) : text(meta.buyerName);
  return fromMeta ?? conversation.conversationTitle;
}
