import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventsService } from '../events/index.js';
import type { ChatAttachments } from './chat-attachments.js';
import type { ChatRateLimiter } from './chat-rate-limit.js';
import type { ChatUsers } from './chat-users.js';

/** Whether a buyer has ever ordered from a store (contact details are masked until then). */
export type OrderBetween = (options: { buyerAccountId: string; storeId: string }) => Promise<boolean>;

/** Everything the chat's services share, wired once (modules/chat/index.ts). */
export interface ChatContext {
  db: Kysely<Database>;
  events: EventsService;
  users: ChatUsers;
  attachments: ChatAttachments;
  limiter: ChatRateLimiter;
  /** Our own host names: links to them are not masked. */
  ownHosts: string[];
  hasOrderBetween: OrderBetween;
}

/** The outbox event kinds of the chat; their handlers are in chat-delivery.ts. */
export const CHAT_EVENTS = {
  message: 'chat.message',
  receipt: 'chat.receipt',
  block: 'chat.block',
  offer: 'chat.offer',
  offerAccepted: 'chat.offer-accepted',
  listUpdate: 'chat.list-update',
} as const;

export interface MessageEvent {
  messageRowId: string;
}
export interface ReceiptEvent {
  conversationId: string;
  readerId: string;
  status: 1 | 2;
  upTo: number;
  /** The senders whose messages changed status: each gets an acknowledgement. */
  senders: string[];
  lastMessageId: string;
}
export interface BlockEvent {
  blockerId: string;
  blockedId: string;
  blocked: boolean;
  timestamp: number;
}
export interface OfferEvent {
  offerId: string;
}
export interface ListUpdateEvent {
  conversationId: string;
}
