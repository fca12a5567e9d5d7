/**
 * Who may use which MQTT topic. Topics addressed to a user end in that user's id (seed §4, §7:
 * Message/{receiverId}, Acknowledgement/{sendTo}, OnlineStatus/{userId}, blockUser/{to}, and the
 * channels Calls, UserUpdates, FetchMessages and Typ). A client subscribes only to its own;
 * wildcards are refused so that nobody listens to everyone.
 */
const OWN_TOPIC_KINDS = ['Message', 'Acknowledgement', 'OnlineStatus', 'blockUser', 'Calls', 'UserUpdates', 'FetchMessages', 'Typ'] as const;

export function parseTopic(topic: string): { kind: string; owner: string } | undefined {
  const parts = topic.split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  if (topic.includes('+') || topic.includes('#')) return undefined;
  return { kind: parts[0], owner: parts[1] };
}

export function maySubscribe(userId: string, topic: string): boolean {
  const parsed = parseTopic(topic);
  return !!parsed && parsed.owner === userId && (OWN_TOPIC_KINDS as readonly string[]).includes(parsed.kind);
}

/**
 * Someone else's presence: allowed only to people who share a conversation with them (checked by
 * the chat against the database). Answers the user whose presence is asked for.
 */
export function presenceOf(topic: string): string | undefined {
  const parsed = parseTopic(topic);
  return parsed?.kind === 'OnlineStatus' ? parsed.owner : undefined;
}

/**
 * What a client may publish, before the chat's own checks (membership, impersonation, blocks):
 * - its own presence, `OnlineStatus/{me}` (retained, and as its will);
 * - a chat message to `Message/{receiverId}`, stored like POST /chat/message;
 * - an acknowledgement to `Acknowledgement/{sendTo}`, stored like PUT /chat/messages/read;
 * - typing to `Typ/{to}`.
 */
export type PublishRule = 'own-presence' | 'chat-message' | 'acknowledgement' | 'typing';

export function publishRule(userId: string, topic: string): PublishRule | undefined {
  const parsed = parseTopic(topic);
  if (!parsed) return undefined;
  if (parsed.kind === 'OnlineStatus') return parsed.owner === userId ? 'own-presence' : undefined;
  if (parsed.kind === 'Message') return 'chat-message';
  if (parsed.kind === 'Acknowledgement') return 'acknowledgement';
  if (parsed.kind === 'Typ') return 'typing';
  return undefined;
}

/** For now a client may publish only its own presence without the chat (kept for callers without it). */
export function mayPublish(userId: string, topic: string): boolean {
  return publishRule(userId, topic) === 'own-presence';
}

/** The order id of a live-order topic (`Order/{orderId}`, DESIGN §4), or undefined. */
export function orderIdOf(topic: string): string | undefined {
  const parsed = parseTopic(topic);
  return parsed && parsed.kind === 'Order' ? parsed.owner : undefined;
}
