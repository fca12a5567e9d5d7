import { beforeAll, describe, expect, it } from 'vitest';
import { ZChatMessagesResponseSchema, ZConversationsResponseSchema } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { chatBuyer, chatHeaders, chatStore, chatTeam, directChatPayload, openDirectChat, sendChat, type ChatActor } from '../../test/chat.js';

let t: TestApp;
let buyer: ChatActor;
let store: ChatActor;

beforeAll(async () => {
  t = await createTestApp({ chatMessagesPerMinute: 1000 });
  [buyer, store] = await Promise.all([chatBuyer(t.app), chatStore(t.app)]);
});

describe('chat sessions (/v1/isometrics)', () => {
  it('gives a buyer a session as data.data {userToken, userId}, and a seller the store’s chat user', async () => {
    expect(buyer.chatUserId).toBe(buyer.userId);
    expect(buyer.userToken).toMatch(/^ct1\./);
    expect(store.chatUserId).toBe(store.storeId);
    const storeApi = await t.app.inject({ method: 'GET', url: `/v1/store?storeId=${store.storeId}` });
    expect(storeApi.json().data.data[0].isomatricChatUserId).toBe(store.chatUserId);
  });

  it('gives a team member an admin session, and refuses it to a buyer', async () => {
    const team = await chatTeam(t.app);
    expect(team.chatUserId).toBe(team.userId);
    const refused = await t.app.inject({ method: 'POST', url: '/v1/isometrics/adminTokenByTeamMember', headers: { authorization: buyer.token } });
    expect(refused.statusCode).toBe(403);
  });

  it('says whether an id is a chat user', async () => {
    const yes = await t.app.inject({ method: 'GET', url: `/v1/isometrics/isChatUser?userId=${store.chatUserId}`, headers: { authorization: buyer.token } });
    expect(yes.json().data).toEqual({ isChatUser: true, userId: store.chatUserId });
    const no = await t.app.inject({ method: 'GET', url: '/v1/isometrics/isChatUser?userId=nobody', headers: { authorization: buyer.token } });
    expect(no.json().data.isChatUser).toBe(false);
  });

  it('creates a conversation on the user’s behalf', async () => {
    const other = await chatStore(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/v1/isometrics/conversation', headers: { authorization: buyer.token }, payload: directChatPayload(other.chatUserId) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.conversationId).toEqual(expect.any(String));
  });
});

describe('chat credentials', () => {
  it('refuses wrong application credentials and a missing or forged userToken', async () => {
    const wrongKey = await t.app.inject({ method: 'GET', url: '/chat/conversations', headers: chatHeaders(buyer.userToken, { licensekey: 'nope' }) });
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json().code).toBe('CHAT_CREDENTIALS_INVALID');
    const wrongSecret = await t.app.inject({ method: 'GET', url: '/chat/conversations', headers: chatHeaders(buyer.userToken, { appsecret: 'nope' }) });
    expect(wrongSecret.json().code).toBe('CHAT_CREDENTIALS_INVALID');
    const forged = await t.app.inject({ method: 'GET', url: '/chat/conversations', headers: chatHeaders(`${buyer.userToken.slice(0, -2)}xx`) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('CHAT_TOKEN_INVALID');
    const spanish = await t.app.inject({ method: 'GET', url: '/chat/conversations', headers: chatHeaders('', { language: 'es' }) });
    expect(spanish.json().message).toContain('sesión de chat');
  });

  it('sends a browser that opens /chat to the message center, not raw JSON', async () => {
    for (const url of ['/chat', '/chat/conversations']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/profile/message-center');
    }
  });
});

describe('conversations', () => {
  it('answers one conversation for the same buyer–store pair, however many times and however fast it is asked', async () => {
    const other = await chatStore(t.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: '/chat/conversation', headers: chatHeaders(buyer.userToken), payload: directChatPayload(other.chatUserId) })),
    );
    const ids = new Set(answers.map((answer) => answer.json().conversationId));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    // The store asking for the same pair finds it too.
    expect(await openDirectChat(t.app, other, buyer)).toBe([...ids][0]);
  });

  it('finds the direct chat with membersExactly (200) and answers 204 when there is none', async () => {
    const other = await chatStore(t.app);
    const before = await t.app.inject({ method: 'GET', url: `/chat/conversations?membersExactly=${buyer.chatUserId},${other.chatUserId}&isGroup=false`, headers: chatHeaders(buyer.userToken) });
    expect(before.statusCode).toBe(204);
    const conversationId = await openDirectChat(t.app, buyer, other);
    const after = await t.app.inject({ method: 'GET', url: `/chat/conversations?membersExactly=${buyer.chatUserId},${other.chatUserId}&isGroup=false`, headers: chatHeaders(buyer.userToken) });
    expect(after.statusCode).toBe(200);
    expect(ZConversationsResponseSchema.parse(after.json()).conversations.map((c) => c.conversationId)).toEqual([conversationId]);
  });

  it('refuses a conversation without a store or the team, and members who are not chat users', async () => {
    const otherBuyer = await chatBuyer(t.app);
    const buyers = await t.app.inject({ method: 'POST', url: '/chat/conversation', headers: chatHeaders(buyer.userToken), payload: directChatPayload(otherBuyer.chatUserId) });
    expect(buyers.statusCode).toBe(400);
    expect(buyers.json().field).toBe('members');
    const ghost = await t.app.inject({ method: 'POST', url: '/chat/conversation', headers: chatHeaders(buyer.userToken), payload: directChatPayload('ghost') });
    expect(ghost.statusCode).toBe(400);
  });

  it('lists conversations with the last message and unread count, searches tags, and counts', async () => {
    const me = await chatBuyer(t.app);
    const [a, b] = await Promise.all([chatStore(t.app), chatStore(t.app)]);
    const first = await openDirectChat(t.app, me, a);
    const second = await t.app.inject({ method: 'POST', url: '/chat/conversation', headers: chatHeaders(me.userToken), payload: directChatPayload(b.chatUserId, { searchableTags: ['Indigo Looms'] }) });
    const secondId = second.json().conversationId as string;
    await sendChat(t.app, a, first, 'Hello from A');
    await sendChat(t.app, a, first, 'Still there?');
    await sendChat(t.app, b, secondId, 'Hello from B');
    const list = ZConversationsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/chat/conversations', headers: chatHeaders(me.userToken) })).json());
    expect(list.conversations.map((c) => c.conversationId)).toEqual([secondId, first]);
    expect(list.conversations[1]?.lastMessage?.body).toBe('Still there?');
    expect(list.conversations[1]?.unreadCount).toBe(2);
    expect(list.conversations[1]?.opponent?.userId).toBe(a.chatUserId);
    const page = ZConversationsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/chat/conversations?skip=1&limit=1', headers: chatHeaders(me.userToken) })).json());
    expect(page.conversations.map((c) => c.conversationId)).toEqual([first]);
    const search = ZConversationsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/chat/conversations?searchTag=indigo', headers: chatHeaders(me.userToken) })).json());
    expect(search.conversations.map((c) => c.conversationId)).toEqual([secondId]);
    const count = (await t.app.inject({ method: 'GET', url: '/chat/conversations/count', headers: chatHeaders(me.userToken) })).json();
    expect(count).toMatchObject({ count: 2, unreadConversations: 2, totalUnread: 3 });
  });

  it('lets a team member join as admin, and members change the details', async () => {
    const team = await chatTeam(t.app);
    const other = await chatStore(t.app);
    const conversationId = await openDirectChat(t.app, buyer, other);
    const outsider = await t.app.inject({ method: 'GET', url: `/chat/conversation/details?conversationId=${conversationId}`, headers: chatHeaders(team.userToken) });
    expect(outsider.statusCode).toBe(404);
    const join = await t.app.inject({ method: 'PUT', url: '/chat/conversation/admin', headers: chatHeaders(team.userToken), payload: { conversationId, memberId: team.chatUserId } });
    expect(join.statusCode).toBe(200);
    const details = await t.app.inject({ method: 'GET', url: `/chat/conversation/details?conversationId=${conversationId}`, headers: chatHeaders(team.userToken) });
    expect(details.json().conversation.members.find((m: { userId: string }) => m.userId === team.chatUserId)).toMatchObject({ isAdmin: true, kind: 'team' });
    const buyerMakesAdmin = await t.app.inject({ method: 'PUT', url: '/chat/conversation/admin', headers: chatHeaders(buyer.userToken), payload: { conversationId, memberId: other.chatUserId } });
    expect(buyerMakesAdmin.statusCode).toBe(403);
    const patch = await t.app.inject({ method: 'PATCH', url: '/chat/conversation/details', headers: chatHeaders(buyer.userToken), payload: { conversationId, conversationTitle: 'Rugs for the lobby', searchableTags: ['lobby'] } });
    expect(patch.statusCode).toBe(200);
    const found = ZConversationsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/chat/conversations?searchTag=lobby', headers: chatHeaders(buyer.userToken) })).json());
    expect(found.conversations[0]?.conversationTitle).toBe('Rugs for the lobby');
    // The team's broadcast to buyers (the seed's shape) lands in the conversation.
    const broadcast = await sendChat(t.app, team, conversationId, 'Our support hours change on Monday', {
      showInConversation: true,
      metaData: { secretMessage: false, userType: 'BUYER', isBroadcastMessage: true, sellerMessage: false, buyerMessage: true, adminMessage: true },
      messageType: 0,
      events: { updateUnreadCount: true, sendPushNotification: true },
      encrypted: true,
      deviceId: 'admin-console',
      customType: 'NormalMessage',
      conversationType: 0,
      isGroup: true,
      searchableTags: ['support'],
    });
    expect(broadcast.statusCode).toBe(201);
    expect(broadcast.json().message.metaData).toMatchObject({ userType: 'BUYER', isBroadcastMessage: true });
  });
});

describe('messages', () => {
  let conversationId: string;
  beforeAll(async () => {
    conversationId = await openDirectChat(t.app, buyer, store);
  });

  it('stores the same messageId once and shows it once', async () => {
    const first = await sendChat(t.app, buyer, conversationId, 'Is the rug in stock?', { messageId: 'm-1700000000001' });
    const again = await sendChat(t.app, buyer, conversationId, 'Is the rug in stock?', { messageId: 'm-1700000000001' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().timestamp).toBe(first.json().timestamp);
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${conversationId}`, headers: chatHeaders(store.userToken) })).json());
    expect(history.messages.filter((m) => m.messageId === 'm-1700000000001')).toHaveLength(1);
  });

  it('refuses a message to a conversation the sender is not in, and an empty one', async () => {
    const stranger = await chatBuyer(t.app);
    const outsider = await sendChat(t.app, stranger, conversationId, 'let me in');
    expect(outsider.statusCode).toBe(404);
    const empty = await sendChat(t.app, buyer, conversationId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('body');
  });

  it('pages history backwards by (timestamp, messageId) without gaps or repeats', async () => {
    const other = await chatStore(t.app);
    const chat = await openDirectChat(t.app, buyer, other);
    const sent: string[] = [];
    for (let i = 0; i < 7; i++) sent.push((await sendChat(t.app, i % 2 ? other : buyer, chat, `message ${i}`)).json().messageId);
    const seen: string[] = [];
    let query = `conversationId=${chat}&limit=3`;
    for (;;) {
      const page = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?${query}`, headers: chatHeaders(buyer.userToken) })).json());
      seen.push(...page.messages.map((m) => m.messageId));
      if (!page.next) break;
      query = `conversationId=${chat}&limit=3&before=${page.next.before}&beforeMessageId=${page.next.beforeMessageId}`;
    }
    expect(seen).toEqual([...sent].reverse());
  });

  it('marks read up to a message: statuses, unread count', async () => {
    const other = await chatStore(t.app);
    const chat = await openDirectChat(t.app, buyer, other);
    const one = (await sendChat(t.app, other, chat, 'one')).json().messageId;
    const two = (await sendChat(t.app, other, chat, 'two')).json().messageId;
    await sendChat(t.app, other, chat, 'three');
    const read = await t.app.inject({ method: 'PUT', url: '/chat/messages/read', headers: chatHeaders(buyer.userToken), payload: { conversationId: chat, messageId: two } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ unreadCount: 1 });
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${chat}`, headers: chatHeaders(other.userToken) })).json());
    expect(Object.fromEntries(history.messages.map((m) => [m.body, m.status]))).toEqual({ one: 2, two: 2, three: 0 });
    expect(history.messages.find((m) => m.messageId === one)?.status).toBe(2);
  });

  it('deletes a message for oneself, or for everyone (its sender only)', async () => {
    const other = await chatStore(t.app);
    const chat = await openDirectChat(t.app, buyer, other);
    const mine = (await sendChat(t.app, buyer, chat, 'oops, wrong chat')).json().messageId;
    const theirs = (await sendChat(t.app, other, chat, 'a message')).json().messageId;
    const notMine = await t.app.inject({ method: 'DELETE', url: '/chat/message', headers: chatHeaders(buyer.userToken), payload: { conversationId: chat, messageId: theirs, forEveryone: true } });
    expect(notMine.statusCode).toBe(403);
    await t.app.inject({ method: 'DELETE', url: '/chat/message', headers: chatHeaders(buyer.userToken), payload: { conversationId: chat, messageId: theirs } });
    await t.app.inject({ method: 'DELETE', url: '/chat/message', headers: chatHeaders(buyer.userToken), payload: { conversationId: chat, messageId: mine, forEveryone: true } });
    const buyerSees = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${chat}`, headers: chatHeaders(buyer.userToken) })).json());
    expect(buyerSees.messages.map((m) => [m.messageId, m.deleted, m.body])).toEqual([[mine, true, '']]);
    const storeSees = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${chat}`, headers: chatHeaders(other.userToken) })).json());
    expect(storeSees.messages.map((m) => [m.body, m.deleted])).toEqual([
      ['a message', false],
      ['', true],
    ]);
  });

  it('keeps bodies as text: markup is stored and answered as typed, never as HTML', async () => {
    const body = '<img src=x onerror=alert(1)> & <b>bold</b>';
    const response = await sendChat(t.app, buyer, conversationId, body);
    expect(response.json().message.body).toBe(body);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
