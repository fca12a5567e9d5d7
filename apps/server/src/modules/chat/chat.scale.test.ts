import { Redis } from 'ioredis';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { chatBuyer, chatStore, collect, connectMqtt, listen, openDirectChat, sendChat, subscribe } from '../../test/chat.js';

// Scale mode (issue #12 §2): two instances share the database and Redis (broker fan-out, QoS 1
// sessions, rate limits); a buyer on one and the seller on the other talk live.
const redisServer = process.env.TEST_REDIS_URL;

describe.runIf(redisServer)('chat across two instances', async () => {
  const url = new URL(redisServer ?? 'redis://127.0.0.1:6379');
  url.pathname = process.env.TEST_DIALECT === 'postgres' ? '/15' : '/14';
  const redisUrl = url.toString();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  const first = await createTestApp({ redisUrl, chatMessagesPerMinute: 6, mqttSessionExpirySeconds: 3 });
  const second = await createTestApp({ redisUrl, chatMessagesPerMinute: 6, mqttSessionExpirySeconds: 3 }, { shareWith: first });
  const [onFirst, onSecond] = [await listen(first.app), await listen(second.app)];
  const clients: MqttClient[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await redis.quit();
  });

  it('delivers live both ways, with receipts, between a buyer on one instance and the seller on the other', async () => {
    const [buyer, store] = await Promise.all([chatBuyer(first.app), chatStore(second.app)]);
    const conversationId = await openDirectChat(first.app, buyer, store);
    const buyerClient = await connectMqtt(onFirst, buyer);
    const storeClient = await connectMqtt(onSecond, store);
    clients.push(buyerClient, storeClient);
    const buyerInbox = collect(buyerClient);
    const storeInbox = collect(storeClient);
    await subscribe(buyerClient, `Message/${buyer.chatUserId}`);
    await subscribe(buyerClient, `Acknowledgement/${buyer.chatUserId}`);
    await subscribe(storeClient, `Message/${store.chatUserId}`);

    await sendChat(first.app, buyer, conversationId, 'Hello from instance one', { messageId: 'scale-1' });
    expect(await storeInbox.next(`Message/${store.chatUserId}`, (p) => p.messageId === 'scale-1')).toMatchObject({ body: 'Hello from instance one' });
    await storeClient.publishAsync(`Message/${buyer.chatUserId}`, JSON.stringify({ chatId: conversationId, senderId: store.chatUserId, receiverId: buyer.chatUserId, messageId: 'scale-2', body: 'Hello back from two' }), { qos: 1 });
    expect(await buyerInbox.next(`Message/${buyer.chatUserId}`, (p) => p.messageId === 'scale-2')).toMatchObject({ body: 'Hello back from two' });
    await storeClient.publishAsync(
      `Acknowledgement/${buyer.chatUserId}`,
      JSON.stringify({ chatId: conversationId, senderId: store.chatUserId, status: 2, deliveryTime: Date.now(), messageId: 'scale-1' }),
      { qos: 1 },
    );
    expect(await buyerInbox.next(`Acknowledgement/${buyer.chatUserId}`)).toMatchObject({ status: 2, senderId: store.chatUserId });
  });

  it('counts a sender’s rate limit across instances', async () => {
    const [buyer, store] = await Promise.all([chatBuyer(first.app), chatStore(first.app)]);
    const conversationId = await openDirectChat(first.app, buyer, store);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await sendChat(i % 2 ? second.app : first.app, buyer, conversationId, `m${i}`)).statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('ends, from either instance, the Redis session of a tab that went away from the other and never came back', async () => {
    const [buyer, store] = await Promise.all([chatBuyer(first.app), chatStore(first.app)]);
    const conversationId = await openDirectChat(first.app, buyer, store);
    const clientId = `web-storefront-scale-${buyer.chatUserId.slice(-8)}`;
    const tab = await connectMqtt(onFirst, buyer, { clientId, clean: false });
    await subscribe(tab, `Message/${buyer.chatUserId}`);
    await tab.endAsync();
    await sendChat(second.app, store, conversationId, 'to a closed tab', { messageId: 'scale-gone-1' });
    await first.app.services.events.settle();
    await second.app.services.events.settle();
    expect(await redis.llen(`outgoing:${clientId}`)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 3300));
    await Promise.all([first.app.broker.sessions.sweep(), second.app.broker.sessions.sweep()]);
    expect(await redis.exists(`outgoing:${clientId}`, `client:${clientId}`)).toBe(0);
    let sessionPresent: boolean | undefined;
    const back = await connectMqtt(onSecond, buyer, { clientId, clean: false }, (client) => client.once('connect', (connack) => (sessionPresent = connack.sessionPresent)));
    clients.push(back);
    expect(sessionPresent).toBe(false);
  });
});
