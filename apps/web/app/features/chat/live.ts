import {
  CHAT_ROUTES,
  chatTopics,
  ZBlockUserPayloadSchema,
  ZChatAcknowledgementSchema,
  ZChatMessageSchema,
  ZMessageListUpdateSchema,
  ZTypingPayloadSchema,
  ZUserUpdatePayloadSchema,
  type TChatAcknowledgement,
  type TChatMessage,
  type TChatSession,
} from '@tessera/contracts';
import type { RealtimeClient } from '../../lib/realtime';
import { chatFetch } from './transport';
import type { ChatRealm } from './session';

/**
 * What the message center hears and says over MQTT (seed §4, contracts/chat.ts): incoming
 * messages, receipts, typing, list updates, block events and user updates in; acknowledgements,
 * typing and offline-buffered messages out. Payloads are checked with the contract's schemas; a
 * payload that does not parse is ignored (logged), never shown.
 */
export interface LiveHandlers {
  message(message: TChatMessage): void;
  acknowledgement(ack: TChatAcknowledgement): void;
  typing(typing: { chatId: string; senderId: string; typing: boolean }): void;
  listUpdate(update: ReturnType<typeof ZMessageListUpdateSchema.parse>): void;
  userUpdate(update: ReturnType<typeof ZUserUpdatePayloadSchema.parse>): void;
  /** The server refused a message published over MQTT (blocked, rate limited). */
  refused(refusal: { chatId: string; messageId: string; code: string }): void;
  block(event: ReturnType<typeof ZBlockUserPayloadSchema.parse>): void;
}

function parsed<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, topic: string, payload: unknown): T | undefined {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  console.warn('[chat] ignored a payload that does not match the contract', topic);
  return undefined;
}

/** Subscribes the user's own chat topics; the returned function lets go of all of them. */
export function listen(client: RealtimeClient, me: string, handlers: LiveHandlers): () => void {
  const stops = [
    client.subscribe(chatTopics.message(me), (payload, topic) => {
      const message = parsed(ZChatMessageSchema, topic, payload);
      if (message) handlers.message(message);
    }),
    client.subscribe(chatTopics.acknowledgement(me), (payload, topic) => {
      const ack = parsed(ZChatAcknowledgementSchema, topic, payload);
      if (ack) handlers.acknowledgement(ack);
    }),
    client.subscribe(chatTopics.typing(me), (payload, topic) => {
      const typing = parsed(ZTypingPayloadSchema, topic, payload);
      if (typing) handlers.typing(typing);
    }),
    client.subscribe(chatTopics.fetchMessages(me), (payload, topic) => {
      const update = parsed(ZMessageListUpdateSchema, topic, payload);
      if (update) handlers.listUpdate(update);
    }),
    client.subscribe(chatTopics.userUpdates(me), (payload, topic) => {
      const record = payload as { type?: unknown; chatId?: unknown; messageId?: unknown; code?: unknown } | null;
      if (record?.type === 'refused') {
        handlers.refused({ chatId: String(record.chatId ?? ''), messageId: String(record.messageId ?? ''), code: String(record.code ?? '') });
        return;
      }
      const update = parsed(ZUserUpdatePayloadSchema, topic, payload);
      if (update) handlers.userUpdate(update);
    }),
    client.subscribe(chatTopics.blockUser(me), (payload, topic) => {
      const event = parsed(ZBlockUserPayloadSchema, topic, payload);
      if (event) handlers.block(event);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * Seed §3/§4 acknowledgement: tells `sendTo` that his messages in `chatId` up to `message` reached
 * `status` (1 delivered, 2 read). Offline it waits in the client's buffer; failures are only logged.
 */
export function acknowledge(client: RealtimeClient, me: string, message: Pick<TChatMessage, 'chatId' | 'senderId' | 'timestamp' | 'messageId' | 'assetId'>, status: 1 | 2): void {
  client
    .publish(chatTopics.acknowledgement(message.senderId), {
      chatId: message.chatId,
      senderId: me,
      client_id: '',
      status,
      deliveryTime: message.timestamp,
      assetId: message.assetId,
      messageId: message.messageId,
      sendTo: message.senderId,
    })
    .catch((error: unknown) => console.warn('[chat] acknowledgement not sent', error));
}

/** Typing on `Typ/{to}` (QoS 0: a lost "typing" is harmless and must never wait in the buffer). */
export function sendTyping(client: RealtimeClient, me: string, to: string, chatId: string, typing: boolean): void {
  if (client.state !== 'connected') return;
  client.publish(chatTopics.typing(to), { chatId, senderId: me, typing }, { qos: 0 }).catch(() => undefined);
}

/**
 * A message published over MQTT (the seed's way, stored by the server like POST /chat/message):
 * used when the REST call could not reach the server, so the message waits in the offline buffer
 * and goes out on reconnect. Resolves when the broker has stored it.
 */
export function publishMessage(client: RealtimeClient, message: { chatId: string; senderId: string; receiverId: string; messageId: string; body: string; timestamp: number }): Promise<void> {
  return client.publish(chatTopics.message(message.receiverId), { ...message, status: 0, client_id: '', deliveryTime: 0, assetId: '', isExchange: false });
}

let offersLoaded = new WeakSet<object>();

/**
 * Seed §4: on receiving a message, the sale/exchange-received list is loaded (skip 0, limit 1) if
 * not loaded yet — once per chat session.
 */
export async function loadOffersOnce(realm: ChatRealm, session: TChatSession): Promise<void> {
  if (offersLoaded.has(session)) return;
  offersLoaded.add(session);
  try {
    await chatFetch(realm, session, 'GET', CHAT_ROUTES.offers[1], { query: { orderType: 'SALES', skip: 0, limit: 1 } });
  } catch (error) {
    offersLoaded = new WeakSet();
    console.warn('[chat] offer list not loaded', error);
  }
}
