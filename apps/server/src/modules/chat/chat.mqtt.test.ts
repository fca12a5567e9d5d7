import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZChatMessageSchema, ZChatMessagesResponseSchema } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { chatBuyer, chatHeaders, chatStore, collect, connectMqtt, listen, openDirectChat, sendChat, subscribe, type ChatActor } from '../../test/chat.js';

/** MQTT rules of the chat, over real WebSocket connections with mqtt.js (issue #12 §2). */
let t: TestApp;
let url: string;
let buyer: ChatActor;
let store: ChatActor;
let conversationId: string;
const clients: MqttClient[] = [];

/** Resolves once `done()` holds; fails the test after 10 s. */
async function until(done: () => boolean): Promise<void> {
  for (const started = Date.now(); !done(); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() - started > 10_000) throw new Error('not done within 10 s');
  }
}

const connect = async (actor: ChatActor, options = {}) => {
  const client = await connectMqtt(url, actor, options);
  clients.push(client);
  return client;
};

beforeAll(async () => {
  // The restore test's writer sends as fast as answers come, hundreds a second: no rate limit in its way.
  t = await createTestApp({ chatMessagesPerMinute: 1_000_000 });
  url = await listen(t.app);
  [buyer, store] = await Promise.all([chatBuyer(t.app), chatStore(t.app)]);
  conversationId = await openDirectChat(t.app, buyer, store);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
});

describe('subscriptions', () => {
  it('grants a client its own channels, and refuses (0x80) anyone else’s and wildcards', async () => {
    const client = await connect(buyer);
    for (const channel of ['Message', 'Acknowledgement', 'blockUser', 'Calls', 'UserUpdates', 'FetchMessages', 'Typ', 'OnlineStatus']) {
      expect(await subscribe(client, `${channel}/${buyer.chatUserId}`), channel).toBe(1);
    }
    const stranger = await chatBuyer(t.app);
    for (const topic of [`Message/${store.chatUserId}`, `Acknowledgement/${stranger.chatUserId}`, `blockUser/${store.chatUserId}`, `UserUpdates/${store.chatUserId}`, 'Message/+', '#', `OnlineStatus/${stranger.chatUserId}`]) {
      expect(await subscribe(client, topic), topic).toBe(128);
    }
  });

  it('lets a client watch the presence of someone it shares a conversation with', async () => {
    const client = await connect(buyer);
    expect(await subscribe(client, `OnlineStatus/${store.chatUserId}`)).toBe(1);
  });

  it('accepts the access token as the password too (username: the chat user id)', async () => {
    const client = await connectMqtt(url, { chatUserId: store.chatUserId, userToken: store.token });
    clients.push(client);
    expect(await subscribe(client, `Message/${store.chatUserId}`)).toBe(1);
  });

  it('refuses a forged token and a username that is not the token’s', async () => {
    await expect(connectMqtt(url, { chatUserId: buyer.chatUserId, userToken: `${buyer.userToken}x` })).rejects.toThrow(/Not authorized|Bad username/i);
    await expect(connectMqtt(url, { chatUserId: store.chatUserId, userToken: buyer.userToken })).rejects.toThrow(/Bad username|Not authorized/i);
  });
});

describe('messages over MQTT', () => {
  it('delivers a REST message to the receiver on Message/{receiverId} with the seed’s fields, and the unread count live', async () => {
    const receiver = await connect(store);
    const inbox = collect(receiver);
    await subscribe(receiver, `Message/${store.chatUserId}`);
    await subscribe(receiver, `UserUpdates/${store.chatUserId}`);
    const sent = await sendChat(t.app, buyer, conversationId, 'Do you ship to Valencia?', { messageId: 'rest-1' });
    expect(sent.statusCode).toBe(201);
    const message = ZChatMessageSchema.parse(await inbox.next(`Message/${store.chatUserId}`, (p) => p.messageId === 'rest-1'));
    expect(message).toMatchObject({ chatId: conversationId, senderId: buyer.chatUserId, receiverId: store.chatUserId, status: 0, body: 'Do you ship to Valencia?', isExchange: false });
    expect(typeof message.timestamp).toBe('number');
    const unread = await inbox.next(`UserUpdates/${store.chatUserId}`, (p) => p.type === 'unreadCount' && p.chatId === conversationId);
    expect(unread.unreadCount).toBeGreaterThanOrEqual(1);
  });

  it('stores a message published on Message/{receiverId} like POST /chat/message, once per messageId', async () => {
    const receiver = await connect(store);
    const inbox = collect(receiver);
    await subscribe(receiver, `Message/${store.chatUserId}`);
    const sender = await connect(buyer);
    const payload = { chatId: conversationId, senderId: buyer.chatUserId, receiverId: store.chatUserId, client_id: 'tab-1', status: 0, deliveryTime: 0, assetId: '', timestamp: Date.now(), messageId: 'mqtt-1', isExchange: false, body: 'Sent over MQTT' };
    await sender.publishAsync(`Message/${store.chatUserId}`, JSON.stringify(payload), { qos: 1 });
    await sender.publishAsync(`Message/${store.chatUserId}`, JSON.stringify(payload), { qos: 1 });
    const got = await inbox.next(`Message/${store.chatUserId}`, (p) => p.messageId === 'mqtt-1');
    expect(got).toMatchObject({ body: 'Sent over MQTT', client_id: 'tab-1', senderId: buyer.chatUserId });
    // A marker after the duplicate: once it arrives, a second copy would have arrived before it.
    await sendChat(t.app, buyer, conversationId, 'marker', { messageId: 'mqtt-marker' });
    await inbox.next(`Message/${store.chatUserId}`, (p) => p.messageId === 'mqtt-marker');
    expect(inbox.messages.filter((m) => m.payload.messageId === 'mqtt-1')).toHaveLength(0);
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${conversationId}`, headers: chatHeaders(store.userToken) })).json());
    expect(history.messages.filter((m) => m.messageId === 'mqtt-1')).toHaveLength(1);
  });

  it('closes the connection of a client that publishes as someone else, or into a conversation it is not in', async () => {
    const intruder = await chatBuyer(t.app);
    for (const payload of [
      { chatId: conversationId, senderId: buyer.chatUserId, receiverId: store.chatUserId, messageId: 'forged-1', body: 'I am the buyer' },
      { chatId: conversationId, senderId: intruder.chatUserId, receiverId: store.chatUserId, messageId: 'forged-2', body: 'let me in' },
    ]) {
      const client = await connect(intruder);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(`Message/${store.chatUserId}`, JSON.stringify(payload), { qos: 1 });
      await closed;
    }
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${conversationId}`, headers: chatHeaders(store.userToken) })).json());
    expect(history.messages.map((m) => m.messageId)).not.toContain('forged-1');
    expect(history.messages.map((m) => m.messageId)).not.toContain('forged-2');
  });

  it('refuses other publishes: someone else’s presence, topics outside the chat, typing to a stranger', async () => {
    const stranger = await chatBuyer(t.app);
    for (const [topic, payload] of [
      [`OnlineStatus/${store.chatUserId}`, { status: 1, lastSeenEnabled: true }],
      [`blockUser/${store.chatUserId}`, { blocked: true }],
      [`UserUpdates/${store.chatUserId}`, { type: 'unreadCount' }],
      [`Typ/${stranger.chatUserId}`, { chatId: conversationId, senderId: buyer.chatUserId, typing: true }],
    ] as const) {
      const client = await connect(buyer);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(topic, JSON.stringify(payload), { qos: 1 });
      await closed;
    }
  });

  it('sends read receipts to the sender live (status 2 on Acknowledgement/{sender})', async () => {
    const sender = await connect(buyer);
    const acks = collect(sender);
    await subscribe(sender, `Acknowledgement/${buyer.chatUserId}`);
    const sent = (await sendChat(t.app, buyer, conversationId, 'Please confirm', { messageId: 'ack-me' })).json();
    const reader = await connect(store);
    await reader.publishAsync(
      `Acknowledgement/${buyer.chatUserId}`,
      JSON.stringify({ chatId: conversationId, senderId: store.chatUserId, client_id: 'seller-tab', status: 2, deliveryTime: sent.timestamp, assetId: '', messageId: 'ack-me' }),
      { qos: 1 },
    );
    const ack = await acks.next(`Acknowledgement/${buyer.chatUserId}`, (p) => p.messageId === 'ack-me');
    expect(ack).toMatchObject({ chatId: conversationId, senderId: store.chatUserId, status: 2, deliveryTime: sent.timestamp });
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${conversationId}`, headers: chatHeaders(buyer.userToken) })).json());
    expect(history.messages.find((m) => m.messageId === 'ack-me')?.status).toBe(2);
  });

  it('relays typing between people who share a conversation', async () => {
    const watcher = await connect(store);
    const typing = collect(watcher);
    await subscribe(watcher, `Typ/${store.chatUserId}`);
    const typist = await connect(buyer);
    await typist.publishAsync(`Typ/${store.chatUserId}`, JSON.stringify({ chatId: conversationId, senderId: buyer.chatUserId, typing: true }), { qos: 0 });
    expect(await typing.next(`Typ/${store.chatUserId}`)).toMatchObject({ chatId: conversationId, senderId: buyer.chatUserId, typing: true });
  });

  it('keeps presence retained: online, then away with the last-seen time when the client goes', async () => {
    const other = await chatStore(t.app);
    await openDirectChat(t.app, buyer, other);
    const seller = await connectMqtt(url, other);
    await seller.publishAsync(`OnlineStatus/${other.chatUserId}`, JSON.stringify({ status: 1, lastSeenEnabled: true }), { qos: 1, retain: true });
    const watcher = await connect(buyer);
    const presence = collect(watcher);
    await subscribe(watcher, `OnlineStatus/${other.chatUserId}`);
    expect(await presence.next(`OnlineStatus/${other.chatUserId}`)).toEqual({ status: 1, lastSeenEnabled: true });
    const before = Date.now();
    await seller.endAsync();
    const away = await presence.next(`OnlineStatus/${other.chatUserId}`, (p) => p.status === 0);
    expect(away.lastSeenEnabled).toBe(true);
    expect(away.lastSeen as number).toBeGreaterThanOrEqual(before);
    const rest = await t.app.inject({ method: 'GET', url: `/chat/presence?userIds=${other.chatUserId}`, headers: chatHeaders(buyer.userToken) });
    expect(rest.json().users[0]).toMatchObject({ userId: other.chatUserId, status: 0, lastSeenEnabled: true });
  });

  it('stamps the last-seen time on a will message when the connection drops', async () => {
    const other = await chatStore(t.app);
    await openDirectChat(t.app, buyer, other);
    const watcher = await connect(buyer);
    const presence = collect(watcher);
    await subscribe(watcher, `OnlineStatus/${other.chatUserId}`);
    const seller = await connectMqtt(url, other, { will: { topic: `OnlineStatus/${other.chatUserId}`, payload: Buffer.from(JSON.stringify({ status: 0, lastSeenEnabled: true })), qos: 1, retain: true } });
    await seller.publishAsync(`OnlineStatus/${other.chatUserId}`, JSON.stringify({ status: 1, lastSeenEnabled: true }), { qos: 1, retain: true });
    await presence.next(`OnlineStatus/${other.chatUserId}`, (p) => p.status === 1);
    // The socket dies without a DISCONNECT: the broker publishes the will.
    (seller as unknown as { stream: { destroy(): void } }).stream.destroy();
    const away = await presence.next(`OnlineStatus/${other.chatUserId}`, (p) => p.status === 0);
    expect(typeof away.lastSeen).toBe('number');
  });
});

describe('offline delivery', () => {
  it('delivers what was sent while the receiver was away when he comes back, once each (QoS 1 session)', async () => {
    const other = await chatStore(t.app);
    const chat = await openDirectChat(t.app, buyer, other);
    const clientId = `buyer-${buyer.chatUserId.slice(-8)}`;
    const first = await connect(buyer, { clientId, clean: false });
    await subscribe(first, `Message/${buyer.chatUserId}`);
    await first.endAsync();
    await sendChat(t.app, other, chat, 'first while away', { messageId: 'away-1' });
    await sendChat(t.app, other, chat, 'second while away', { messageId: 'away-2' });
    // Both are stored before delivery: history has them already.
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${chat}`, headers: chatHeaders(buyer.userToken) })).json());
    expect(history.messages.map((m) => m.messageId)).toEqual(['away-2', 'away-1']);
    await t.app.services.events.settle();
    const back = await connectMqtt(url, buyer, { clientId, clean: false });
    clients.push(back);
    const inbox = collect(back);
    const one = await inbox.next(`Message/${buyer.chatUserId}`, (p) => p.messageId === 'away-1');
    const two = await inbox.next(`Message/${buyer.chatUserId}`, (p) => p.messageId === 'away-2');
    expect([one.body, two.body]).toEqual(['first while away', 'second while away']);
    await sendChat(t.app, other, chat, 'marker', { messageId: 'away-marker' });
    await inbox.next(`Message/${buyer.chatUserId}`, (p) => p.messageId === 'away-marker');
    expect(inbox.messages.filter((m) => String(m.payload.messageId).startsWith('away-') && m.payload.messageId !== 'away-marker')).toHaveLength(0);
  });

  it('restores a persistent session without sending a message twice, while the other side keeps writing', async () => {
    const other = await chatStore(t.app);
    const chat = await openDirectChat(t.app, buyer, other);
    const clientId = `restore-${buyer.chatUserId.slice(-8)}`;
    const first = await connect(buyer, { clientId, clean: false });
    await subscribe(first, `Message/${buyer.chatUserId}`);
    await first.endAsync();
    // Copies that reach a client while it is closing cannot be acknowledged: QoS 1 sends those again at
    // the next connect (at least once; the web client keeps one per messageId), so they are counted
    // apart. Any message received twice on open connections is a real duplicate.
    const received = new Map<string, number>();
    const whileClosing = new Set<string>();
    let closing = false;
    const count = (_topic: string, payload: Buffer) => {
      const { messageId } = JSON.parse(payload.toString()) as { messageId: string };
      if (closing) whileClosing.add(messageId);
      else received.set(messageId, (received.get(messageId) ?? 0) + 1);
    };
    // The store writes without pause while the buyer's tab goes and comes back again and again:
    // messages published during a restore are in the queue and delivered live at once.
    const sent: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const response = await sendChat(t.app, other, chat, `message ${i}`, { messageId: `stream-${i}` });
        expect(response.statusCode).toBe(201);
        sent.push(`stream-${i}`);
      }
    })();
    // Counting from before the CONNACK: aedes may send live messages while the session restores.
    const reconnect = () => connectMqtt(url, buyer, { clientId, clean: false }, (client) => client.on('message', count));
    for (let round = 0; round < 12; round++) {
      const back = await reconnect();
      await new Promise((resolve) => setTimeout(resolve, 30 + round * 10));
      closing = true;
      await back.endAsync();
      closing = false;
    }
    writing = false;
    await writer;
    await t.app.services.events.settle();
    // Whatever was still queued comes now, before or after a last message.
    const last = await reconnect();
    clients.push(last);
    const inbox = collect(last);
    await sendChat(t.app, other, chat, 'last', { messageId: 'restore-last' });
    await inbox.next(`Message/${buyer.chatUserId}`, (p) => p.messageId === 'restore-last');
    // Every message arrives: on an open connection, or (acknowledged or not) while one was closing.
    await until(() => sent.every((id) => received.has(id) || whileClosing.has(id)));
    // A second copy would come right behind the first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    received.delete('restore-last');
    const twice = [...received].filter(([, count]) => count > 1);
    expect(twice).toEqual([]);
    expect(new Set([...received.keys(), ...whileClosing]).size).toBe(sent.length);
  });
});

describe('blocking', () => {
  it('refuses a blocked user’s messages both ways and tells both sides on blockUser/{id}', async () => {
    const other = await chatStore(t.app);
    const chat = await openDirectChat(t.app, buyer, other);
    const buyerClient = await connect(buyer);
    const storeClient = await connect(other);
    const buyerEvents = collect(buyerClient);
    const storeEvents = collect(storeClient);
    await subscribe(buyerClient, `blockUser/${buyer.chatUserId}`);
    await subscribe(storeClient, `blockUser/${other.chatUserId}`);
    const block = await t.app.inject({ method: 'POST', url: '/chat/user/block', headers: chatHeaders(buyer.userToken), payload: { opponentId: other.chatUserId } });
    expect(block.statusCode).toBe(200);
    const expected = { blockedBy: buyer.chatUserId, blockedUser: other.chatUserId, blocked: true };
    expect(await buyerEvents.next(`blockUser/${buyer.chatUserId}`)).toMatchObject(expected);
    expect(await storeEvents.next(`blockUser/${other.chatUserId}`)).toMatchObject(expected);
    const fromStore = await sendChat(t.app, other, chat, 'hello?');
    expect(fromStore.statusCode).toBe(403);
    expect(fromStore.json().code).toBe('CHAT_BLOCKED');
    expect((await sendChat(t.app, buyer, chat, 'hello?')).statusCode).toBe(403);
    const list = (await t.app.inject({ method: 'GET', url: `/chat/conversation/details?conversationId=${chat}`, headers: chatHeaders(other.userToken) })).json();
    expect(list.conversation).toMatchObject({ blockedMe: true, blockedByMe: false });
    // Over MQTT the refused message is not stored; the publisher hears why and stays connected.
    const updates = collect(storeClient);
    await subscribe(storeClient, `UserUpdates/${other.chatUserId}`);
    await storeClient.publishAsync(`Message/${buyer.chatUserId}`, JSON.stringify({ chatId: chat, senderId: other.chatUserId, receiverId: buyer.chatUserId, messageId: 'blocked-mqtt', body: 'hi' }), { qos: 1 });
    expect(await updates.next(`UserUpdates/${other.chatUserId}`, (p) => p.type === 'refused')).toMatchObject({ code: 'CHAT_BLOCKED', messageId: 'blocked-mqtt' });
    const unblock = await t.app.inject({ method: 'POST', url: '/chat/user/unblock', headers: chatHeaders(buyer.userToken), payload: { opponentId: other.chatUserId } });
    expect(unblock.statusCode).toBe(200);
    expect(await storeEvents.next(`blockUser/${other.chatUserId}`, (p) => p.blocked === false)).toMatchObject({ blocked: false });
    expect((await sendChat(t.app, other, chat, 'hello again')).statusCode).toBe(201);
  });
});
