import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { CHAT_DEFAULT_APP_SECRET, CHAT_DEFAULT_LICENSE_KEY } from '@tessera/contracts';
import { createApprovedStore } from './catalog.js';
import { createBuyer, createTeamMember, type Actor } from './roles.js';

/** A chat participant: the account, and its chat session (userToken + chat user id). */
export interface ChatActor extends Actor {
  chatUserId: string;
  userToken: string;
  storeId?: string;
}

/** The three headers of every /chat request. */
export const chatHeaders = (userToken: string, extra: Record<string, string> = {}): Record<string, string> => ({
  licensekey: CHAT_DEFAULT_LICENSE_KEY,
  appsecret: CHAT_DEFAULT_APP_SECRET,
  usertoken: userToken,
  ...extra,
});

async function session(app: FastifyInstance, actor: Actor, url: string): Promise<{ userToken: string; userId: string }> {
  const response = await app.inject({ method: 'POST', url, headers: { authorization: actor.token } });
  if (response.statusCode !== 200) throw new Error(`chat session failed: ${response.statusCode} ${response.body}`);
  return response.json().data.data;
}

export async function chatBuyer(app: FastifyInstance): Promise<ChatActor> {
  const buyer = await createBuyer(app);
  const s = await session(app, buyer, '/v1/isometrics/token');
  return { ...buyer, chatUserId: s.userId, userToken: s.userToken };
}

export async function chatStore(app: FastifyInstance): Promise<ChatActor> {
  const seller = await createApprovedStore(app);
  const s = await session(app, seller, '/v1/isometrics/token');
  return { ...seller, chatUserId: s.userId, userToken: s.userToken, storeId: seller.storeId };
}

export async function chatTeam(app: FastifyInstance): Promise<ChatActor> {
  const member = await createTeamMember(app, 'support');
  const s = await session(app, member, '/v1/isometrics/adminTokenByTeamMember');
  return { ...member, chatUserId: s.userId, userToken: s.userToken };
}

/** The seed's direct-chat payload (seed §3) from a buyer to a store. */
export const directChatPayload = (sellerChatUserId: string, overrides: Record<string, unknown> = {}) => ({
  metaData: { type: 'DIRECT CHAT', buyerName: 'Bea Buyer', sellerAliasName: 'loom', sellerName: 'Loom & Co', sellerImage: '', buyerImage: '' },
  members: [sellerChatUserId],
  isGroup: true,
  customType: 'ACTIVE_MESSAGE',
  conversationType: 0,
  conversationTitle: 'DIRECT CHAT',
  conversationImageUrl: '',
  typingEvents: true,
  readEvents: true,
  pushNotifications: true,
  searchableTags: ['DIRECT CHAT', 'Bea Buyer', 'loom'],
  ...overrides,
});

export async function openDirectChat(app: FastifyInstance, from: ChatActor, to: ChatActor): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/chat/conversation', headers: chatHeaders(from.userToken), payload: directChatPayload(to.chatUserId) });
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`conversation failed: ${response.statusCode} ${response.body}`);
  return response.json().conversationId;
}

export async function sendChat(app: FastifyInstance, from: ChatActor, conversationId: string, body: string, extra: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/chat/message', headers: chatHeaders(from.userToken), payload: { conversationId, body, ...extra } });
}

/** The app listening on a free port (for MQTT over WebSocket); returns its ws:// URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/mqtt`;
}

/** An mqtt.js client signed in with a chat userToken; resolves once connected (`before` runs on it before its CONNECT). */
export async function connectMqtt(url: string, actor: { chatUserId: string; userToken: string }, options: IClientOptions = {}, before?: (client: MqttClient) => void): Promise<MqttClient> {
  const client = mqtt.connect(url, { username: actor.chatUserId, password: actor.userToken, reconnectPeriod: 0, connectTimeout: 5000, ...options });
  before?.(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

/** Collects the JSON payloads arriving on a client, by topic. */
export function collect(client: MqttClient): { messages: Array<{ topic: string; payload: Record<string, unknown> }>; next(topic: string, match?: (payload: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> } {
  const messages: Array<{ topic: string; payload: Record<string, unknown> }> = [];
  const waiters: Array<{ topic: string; match: (payload: Record<string, unknown>) => boolean; resolve: (payload: Record<string, unknown>) => void; seen: number }> = [];
  client.on('message', (topic, buffer) => {
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(buffer.toString()) as Record<string, unknown>;
    } catch {
      payload = { raw: buffer.toString() };
    }
    messages.push({ topic, payload });
    for (const waiter of [...waiters]) {
      if (waiter.topic === topic && waiter.match(payload)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(payload);
      }
    }
  });
  return {
    messages,
    next(topic, match = () => true) {
      const found = messages.find((m) => m.topic === topic && match(m.payload));
      if (found) {
        messages.splice(messages.indexOf(found), 1);
        return Promise.resolve(found.payload);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          topic,
          match,
          seen: 0,
          resolve: (payload: Record<string, unknown>) => {
            clearTimeout(timer);
            const index = messages.findIndex((m) => m.payload === payload);
            if (index >= 0) messages.splice(index, 1);
            resolve(payload);
          },
        };
        const timer = setTimeout(() => reject(new Error(`nothing on ${topic} within 10 s`)), 10_000);
        waiters.push(waiter);
      });
    },
  };
}

/** Subscribes and answers the granted QoS: 0 or 1, or 128 when the broker refused. */
export async function subscribe(client: MqttClient, topic: string, qos: 0 | 1 = 1): Promise<number> {
  try {
    const granted = await client.subscribeAsync(topic, { qos });
    return granted[0]?.qos ?? -1;
  } catch (error) {
    // mqtt.js rejects a refused subscription; the SUBACK it carries holds the failure code.
    const packet = (error as { packet?: { granted?: number[] } }).packet;
    if (packet?.granted?.[0] !== undefined) return packet.granted[0];
    throw error;
  }
}
