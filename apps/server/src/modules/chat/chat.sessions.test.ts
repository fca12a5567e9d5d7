import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { ZChatMessagesResponseSchema } from '@tessera/contracts';
import { createTestApp } from '../../test/app.js';
import { chatBuyer, chatHeaders, chatStore, collect, listen, openDirectChat, sendChat, subscribe, type ChatActor } from '../../test/chat.js';

// Persistent MQTT sessions of tabs that never come back end after MQTT_SESSION_EXPIRY_SECONDS
// (here 3 s): their queue is dropped, their messages stay in the history (issue #12 §2).
const t = await createTestApp({ mqttSessionExpirySeconds: 3, chatMessagesPerMinute: 1000 });
const url = await listen(t.app);
const clients: MqttClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
});

/** Connects and answers the client with its CONNACK's sessionPresent. */
async function connectTab(actor: ChatActor, options: IClientOptions): Promise<{ client: MqttClient; sessionPresent: boolean }> {
  const client = mqtt.connect(url, { username: actor.chatUserId, password: actor.userToken, reconnectPeriod: 0, connectTimeout: 5000, ...options });
  clients.push(client);
  const sessionPresent = await new Promise<boolean>((resolve, reject) => {
    client.once('connect', (connack) => resolve(connack.sessionPresent));
    client.once('error', reject);
  });
  return { client, sessionPresent };
}

const pastExpiry = () => new Promise((resolve) => setTimeout(resolve, 3300));

describe('persistent sessions of tabs that never come back', () => {
  it('drops the session and its queue after the expiry; the messages are still in the history', async () => {
    const [buyer, store] = await Promise.all([chatBuyer(t.app), chatStore(t.app)]);
    const chat = await openDirectChat(t.app, buyer, store);
    const clientId = `web-storefront-gone-${buyer.chatUserId.slice(-8)}`;
    const tab = await connectTab(buyer, { clientId, clean: false });
    expect(await subscribe(tab.client, `Message/${buyer.chatUserId}`)).toBe(1);
    await tab.client.endAsync();
    expect((await sendChat(t.app, store, chat, 'written to a closed tab', { messageId: 'gone-1' })).statusCode).toBe(201);
    await t.app.services.events.settle();

    // The broker sweeps by itself every quarter of the expiry; one more sweep makes sure.
    await pastExpiry();
    await t.app.broker.sessions.sweep();

    // The same client id comes back: no session, nothing queued is sent, until it subscribes again.
    const back = await connectTab(buyer, { clientId, clean: false });
    expect(back.sessionPresent).toBe(false);
    const inbox = collect(back.client);
    expect(await subscribe(back.client, `Message/${buyer.chatUserId}`)).toBe(1);
    await sendChat(t.app, store, chat, 'after the expiry', { messageId: 'gone-2' });
    await inbox.next(`Message/${buyer.chatUserId}`, (p) => p.messageId === 'gone-2');
    expect(inbox.messages.filter((m) => m.payload.messageId === 'gone-1')).toHaveLength(0);
    // Nothing lost: the history has both.
    const history = ZChatMessagesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${chat}`, headers: chatHeaders(buyer.userToken) })).json(),
    );
    expect(history.messages.map((m) => m.messageId)).toEqual(['gone-2', 'gone-1']);
  });

  it('keeps the session of a tab that stays connected past the expiry, and of one back in time', async () => {
    const [buyer, store] = await Promise.all([chatBuyer(t.app), chatStore(t.app)]);
    const chat = await openDirectChat(t.app, buyer, store);
    const staying = await connectTab(buyer, { clientId: `web-storefront-stays-${buyer.chatUserId.slice(-8)}`, clean: false });
    const inbox = collect(staying.client);
    await subscribe(staying.client, `Message/${buyer.chatUserId}`);
    await pastExpiry();
    await t.app.broker.sessions.sweep();
    await sendChat(t.app, store, chat, 'still here?', { messageId: 'stays-1' });
    expect(await inbox.next(`Message/${buyer.chatUserId}`, (p) => p.messageId === 'stays-1')).toMatchObject({ body: 'still here?' });

    // Away for less than the expiry (the sweep finds nothing due): the queue is delivered.
    const clientId = `web-storefront-back-${buyer.chatUserId.slice(-8)}`;
    const tab = await connectTab(buyer, { clientId, clean: false });
    await subscribe(tab.client, `Message/${buyer.chatUserId}`);
    await tab.client.endAsync();
    await sendChat(t.app, store, chat, 'while you were away', { messageId: 'back-1' });
    await t.app.services.events.settle();
    await t.app.broker.sessions.sweep();
    const back = await connectTab(buyer, { clientId, clean: false });
    expect(back.sessionPresent).toBe(true);
    expect(await collect(back.client).next(`Message/${buyer.chatUserId}`, (p) => p.messageId === 'back-1')).toMatchObject({ body: 'while you were away' });
  });
});
