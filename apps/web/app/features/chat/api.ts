import {
  CHAT_ROUTES,
  type TChatMessage,
  type TChatOffer,
  type TChatSession,
  type TConversationListItem,
  type TDirectConversationRequest,
  type TChatSendMessageRequest,
  type TChatOfferCreateRequest,
  type OfferAction,
  type TChatAttachment,
} from '@tessera/contracts';
import { HttpError } from '../../lib/http';
import { ensureChatSession, renewChatSession, type ChatRealm } from './session';
import { chatFetch } from './transport';

/** The message center's calls to the chat service (contracts/chat.ts names every route). */

export class NoChatSession extends Error {
  constructor() {
    super('No chat session');
    this.name = 'NoChatSession';
  }
}

type Query = Record<string, string | number | boolean | undefined>;

/** A call as the realm's chat user; a refused session is renewed once and the call made again. */
async function call<T>(realm: ChatRealm, method: string, path: string, options: { body?: unknown; query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  const session = await ensureChatSession(realm);
  if (!session) throw new NoChatSession();
  try {
    return await chatFetch<T>(realm, session, method, path, options);
  } catch (error) {
    if (!(error instanceof HttpError) || error.code !== 'CHAT_TOKEN_INVALID') throw error;
    const renewed = await renewChatSession(realm);
    if (!renewed) throw error;
    return chatFetch<T>(realm, renewed, method, path, options);
  }
}

export interface ConversationsPage {
  conversations: TConversationListItem[];
}

export function listConversations(realm: ChatRealm, options: { search?: string; skip?: number; limit?: number; signal?: AbortSignal } = {}) {
  return call<ConversationsPage>(realm, 'GET', CHAT_ROUTES.conversations[1], {
    query: { searchTag: options.search?.trim() || undefined, skip: options.skip ?? 0, limit: options.limit ?? 30 },
    signal: options.signal,
  });
}

export async function conversationDetails(realm: ChatRealm, conversationId: string): Promise<TConversationListItem> {
  const answer = await call<{ conversation: TConversationListItem }>(realm, 'GET', CHAT_ROUTES.conversationDetails[1], { query: { conversationId } });
  return answer.conversation;
}

/** The direct chat between exactly these users (seed §7: status 200 means found), or null. */
export async function findDirectConversation(realm: ChatRealm, members: readonly string[]): Promise<string | null> {
  const answer = await call<ConversationsPage | undefined>(realm, 'GET', CHAT_ROUTES.conversations[1], {
    query: { membersExactly: members.join(','), isGroup: 'false' },
  });
  return answer?.conversations?.[0]?.conversationId ?? null;
}

export async function createConversation(realm: ChatRealm, payload: TDirectConversationRequest): Promise<string | null> {
  const answer = await call<{ conversationId?: string } | undefined>(realm, 'POST', CHAT_ROUTES.createConversation[1], { body: payload });
  return answer?.conversationId ?? null;
}

export interface HistoryPage {
  messages: TChatMessage[];
  next: { before: number; beforeMessageId: string } | null;
}

export function messageHistory(realm: ChatRealm, conversationId: string, before?: HistoryPage['next'], signal?: AbortSignal) {
  return call<HistoryPage>(realm, 'GET', CHAT_ROUTES.messages[1], {
    query: { conversationId, limit: 30, before: before?.before, beforeMessageId: before?.beforeMessageId },
    signal,
  });
}

export async function sendMessage(realm: ChatRealm, request: TChatSendMessageRequest): Promise<TChatMessage> {
  const answer = await call<{ message: TChatMessage }>(realm, 'POST', CHAT_ROUTES.sendMessage[1], { body: request });
  return answer.message;
}

export function markRead(realm: ChatRealm, conversationId: string, messageId: string) {
  return call<{ unreadCount: number; totalUnread: number }>(realm, 'PUT', CHAT_ROUTES.markRead[1], { body: { conversationId, messageId } });
}

export function unreadTotal(realm: ChatRealm) {
  return call<{ totalUnread: number }>(realm, 'GET', CHAT_ROUTES.unread[1]);
}

export function deleteMessage(realm: ChatRealm, conversationId: string, messageId: string, forEveryone: boolean) {
  return call(realm, 'DELETE', CHAT_ROUTES.deleteMessage[1], { body: { conversationId, messageId, forEveryone } });
}

export function setBlocked(realm: ChatRealm, opponentId: string, blocked: boolean) {
  return call(realm, 'POST', (blocked ? CHAT_ROUTES.block : CHAT_ROUTES.unblock)[1], { body: { opponentId } });
}

export function joinAsAdmin(realm: ChatRealm, conversationId: string, memberId: string) {
  return call(realm, 'PUT', CHAT_ROUTES.makeAdmin[1], { body: { conversationId, memberId } });
}

export async function uploadAttachment(realm: ChatRealm, file: File): Promise<TChatAttachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await call<{ attachment: TChatAttachment }>(realm, 'POST', CHAT_ROUTES.uploadAttachment[1], { body: form });
  return answer.attachment;
}

export async function createOffer(realm: ChatRealm, request: TChatOfferCreateRequest): Promise<TChatOffer> {
  return (await call<{ offer: TChatOffer }>(realm, 'POST', CHAT_ROUTES.createOffer[1], { body: request })).offer;
}

export async function actOnOffer(realm: ChatRealm, offerId: string, action: OfferAction, terms: { quantity?: number; price?: number } = {}): Promise<TChatOffer> {
  const path = `/chat/offer/${encodeURIComponent(offerId)}/${action}`;
  return (await call<{ offer: TChatOffer }>(realm, 'POST', path, { body: terms })).offer;
}

export function presenceOf(realm: ChatRealm, userIds: readonly string[]) {
  return call<{ users: { userId: string; status: number; lastSeen: number | null }[] }>(realm, 'GET', CHAT_ROUTES.presence[1], { query: { userIds: userIds.join(',') } });
}

export type { TChatSession };
