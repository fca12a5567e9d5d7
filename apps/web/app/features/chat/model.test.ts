import { describe, expect, it } from 'vitest';
import type { TChatOffer, TConversationListItem } from '@tessera/contracts';
import {
  applyAcknowledgement,
  applyListUpdate,
  applyOffer,
  conversationName,
  holds,
  localMessage,
  mergeMessages,
  newMessageId,
  withLastMessage,
  withUnread,
  type ThreadMessage,
} from './model';

const message = (messageId: string, timestamp: number, extra: Partial<ThreadMessage> = {}): ThreadMessage => ({
  ...localMessage({ conversationId: 'c1', me: 'buyer', receiverId: 'store', body: messageId, now: timestamp, messageId }),
  local: undefined,
  ...extra,
});

describe('messages in a thread (seed §4)', () => {
  it('holds each messageId once, in time order, whatever order they come in', () => {
    const list = mergeMessages([], [message('b', 2), message('a', 1)]);
    const again = mergeMessages(list, [message('a', 1), message('c', 3), message('b', 2)]);
    expect(again.map((m) => m.messageId)).toEqual(['a', 'b', 'c']);
    expect(holds(again, 'b')).toBe(true);
    expect(holds(again, 'z')).toBe(false);
  });

  it('breaks timestamp ties by messageId, as the server orders them', () => {
    expect(mergeMessages([], [message('m2', 5), message('m1', 5)]).map((m) => m.messageId)).toEqual(['m1', 'm2']);
  });

  it('replaces a sending copy by the stored one, and never lowers a status', () => {
    const sending = { ...message('x', 1), local: 'sending' as const };
    const stored = mergeMessages([sending], [message('x', 1, { status: 0 })]);
    expect(stored[0]?.local).toBeUndefined();
    const read = mergeMessages(stored, [message('x', 1, { status: 2 })]);
    const stale = mergeMessages(read, [message('x', 1, { status: 1 })]);
    expect(stale[0]?.status).toBe(2);
  });

  it('type 1 replaces the newest page, keeping older pages and unsent messages; type 2 adds one', () => {
    const list = [message('old', 1), message('mid', 5), { ...message('mine', 9), local: 'failed' as const }];
    const replaced = applyListUpdate(list, { type: 1, chatId: 'c1', messages: [message('new', 6), message('mid', 5, { deleted: true, body: '' })] });
    expect(replaced.map((m) => m.messageId)).toEqual(['old', 'mid', 'new', 'mine']);
    expect(replaced.find((m) => m.messageId === 'mid')?.deleted).toBe(true);
    const added = applyListUpdate(replaced, { type: 2, chatId: 'c1', messages: [message('newer', 7)] });
    expect(added.map((m) => m.messageId)).toEqual(['old', 'mid', 'new', 'newer', 'mine']);
    expect(applyListUpdate(added, { type: 2, chatId: 'c1', messages: [message('newer', 7)] })).toHaveLength(5);
  });
});

describe('acknowledgements (seed §3: status 2 means read)', () => {
  const mine = [message('a', 1), message('b', 2), message('c', 3)];
  it('raises my messages up to its time', () => {
    const next = applyAcknowledgement(mine, { chatId: 'c1', status: 2, deliveryTime: 2 }, 'buyer');
    expect(next.map((m) => m.status)).toEqual([2, 2, 0]);
  });

  it('goes up to its messageId when it names one', () => {
    const next = applyAcknowledgement(mine, { chatId: 'c1', status: 1, deliveryTime: 0, messageId: 'c' }, 'buyer');
    expect(next.map((m) => m.status)).toEqual([1, 1, 1]);
  });

  it("leaves the other side's messages, other chats and higher statuses alone", () => {
    const list = [message('theirs', 1, { senderId: 'store' }), message('read', 2, { status: 2 })];
    expect(applyAcknowledgement(list, { chatId: 'c1', status: 1, deliveryTime: 9 }, 'buyer')).toBe(list);
    expect(applyAcknowledgement(mine, { chatId: 'other', status: 2, deliveryTime: 9 }, 'buyer')).toBe(mine);
  });
});

describe('offers and the conversation list', () => {
  it('shows an offer’s new state on every message that carries it', () => {
    const offer = { offerId: 'o1', state: 'open' } as TChatOffer;
    const list = [message('a', 1, { offer }), message('b', 2)];
    const next = applyOffer(list, { ...offer, state: 'accepted' });
    expect(next[0]?.offer?.state).toBe('accepted');
    expect(next[1]).toBe(list[1]);
  });

  const conversation = (id: string, updatedAt: number): TConversationListItem =>
    ({ conversationId: id, updatedAt, unreadCount: 0, lastMessage: null, opponent: null, metaData: { sellerName: 'Atelier', buyerName: 'Ana' }, conversationTitle: 'DIRECT CHAT' }) as unknown as TConversationListItem;

  it('moves a conversation with a new message to the top, once', () => {
    const list = [conversation('c0', 10), conversation('c1', 5)];
    const next = withLastMessage(list, message('m', 20));
    expect(next.map((c) => c.conversationId)).toEqual(['c1', 'c0']);
    expect(next[0]?.lastMessage?.messageId).toBe('m');
    expect(withLastMessage(next, message('older', 1))).toBe(next);
    expect(withUnread(next, 'c1', 3)[0]?.unreadCount).toBe(3);
  });

  it('names a conversation by the other side', () => {
    expect(conversationName(conversation('c', 1), 'buyer')).toBe('Atelier');
    expect(conversationName(conversation('c', 1), 'store')).toBe('Ana');
    expect(conversationName(conversation('c', 1), 'team')).toBe('Ana · Atelier');
  });

  it('makes message ids unique even within one millisecond', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newMessageId(1_700_000_000_000)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[\w.:-]+$/);
  });
});
