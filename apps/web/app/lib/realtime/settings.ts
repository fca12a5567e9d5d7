/**
 * The real-time client's settings and argument checks, as the seed fixes them (seed §4 "Real-time
 * queue client", §5 "Real-time client argument checks", §9 constants). Pure: unit-tested on their own.
 */

/** Keep-alive: a PINGREQ after 60 s of silence. */
export const KEEPALIVE_SECONDS = 60;
/** Reconnect waits 1 s, then doubles up to 128 s. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 128_000;
/** What is published while disconnected waits in a buffer of at most this many messages. */
export const OFFLINE_BUFFER_SIZE = 5_000;
/** Connect, subscribe and unsubscribe give up after 30 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The channel's quality of service (seed §7). */
export const DEFAULT_QOS = 1;
export const MAX_CLIENT_ID_LENGTH = 65_535;
/** MQTT 3.1.1 first; a broker that refuses the protocol is asked again with MQTT 3.1. */
export const PROTOCOL_VERSIONS = [4, 3] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];
/** The MQTT protocol name of each version (3.1 says 'MQIsdp'). */
export const PROTOCOL_IDS: Record<ProtocolVersion, 'MQTT' | 'MQIsdp'> = { 4: 'MQTT', 3: 'MQIsdp' };

/** The wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … 128 s, then 128 s. */
export function reconnectDelay(attempt: number): number {
  if (!Number.isFinite(attempt) || attempt <= 0) return RECONNECT_MIN_MS;
  // 2^7 · 1 s = 128 s: no need to compute larger powers.
  return Math.min(RECONNECT_MIN_MS * 2 ** Math.min(Math.floor(attempt), 7), RECONNECT_MAX_MS);
}

/** A wrong argument is a programming error: thrown at once, with what was wrong. */
export class RealtimeArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RealtimeArgumentError';
  }
}

export interface ConnectArguments {
  clientId: string;
  protocolVersion?: number;
  username?: string;
  password?: string;
}

/** Seed §5: client id at most 65535 characters, protocol version 3 or 4, a password needs a user name. */
export function checkConnectArguments(args: ConnectArguments): void {
  if (typeof args.clientId !== 'string' || args.clientId.length === 0) throw new RealtimeArgumentError('clientId must be a non-empty string');
  if (args.clientId.length > MAX_CLIENT_ID_LENGTH) throw new RealtimeArgumentError(`clientId must be at most ${MAX_CLIENT_ID_LENGTH} characters`);
  if (args.protocolVersion !== undefined && !(PROTOCOL_VERSIONS as readonly number[]).includes(args.protocolVersion)) {
    throw new RealtimeArgumentError('protocolVersion must be 3 or 4');
  }
  if (args.password !== undefined && !args.username) throw new RealtimeArgumentError('a password requires a user name');
}

/** Seed §5: quality of service 0 to 2. */
export function checkQos(qos: number): asserts qos is 0 | 1 | 2 {
  if (qos !== 0 && qos !== 1 && qos !== 2) throw new RealtimeArgumentError('qos must be 0, 1 or 2');
}

/** A topic to subscribe or publish to: one exact topic (the broker refuses wildcards from clients). */
export function checkTopic(topic: string): void {
  if (typeof topic !== 'string' || topic.length === 0 || topic.length > 65_535) throw new RealtimeArgumentError('topic must be a non-empty string');
  if (/[#+]/.test(topic) || topic.includes('\u0000')) throw new RealtimeArgumentError('topic must not hold wildcards or NUL');
}
