/**
 * Who may use which MQTT topic. Topics addressed to a user end in that user's id (seed §7:
 * Message/{receiverId}, Acknowledgement/{senderId}, OnlineStatus/{userId}, blockUser/{userId}).
 * A client subscribes only to its own; wildcards are refused so that nobody listens to everyone.
 */
const OWN_TOPIC_KINDS = ['Message', 'Acknowledgement', 'OnlineStatus', 'blockUser'] as const;

function parse(topic: string): { kind: string; owner: string } | undefined {
  const parts = topic.split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  if (topic.includes('+') || topic.includes('#')) return undefined;
  return { kind: parts[0], owner: parts[1] };
}

export function maySubscribe(userId: string, topic: string): boolean {
  const parsed = parse(topic);
  return !!parsed && parsed.owner === userId && (OWN_TOPIC_KINDS as readonly string[]).includes(parsed.kind);
}

/** For now a client may publish only its own presence; the chat brings the message rules. */
export function mayPublish(userId: string, topic: string): boolean {
  const parsed = parse(topic);
  return !!parsed && parsed.kind === 'OnlineStatus' && parsed.owner === userId;
}
