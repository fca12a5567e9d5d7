/**
 * The real-time client's errors (seed §8 "Real-time client errors"): each is logged with a stable
 * code and never shown to the user as a raw error — the pages show a calm "reconnecting" state
 * instead, and the client keeps trying.
 */
export const REALTIME_ERRORS = {
  connectTimeout: 'CONNECT_TIMEOUT',
  subscribeTimeout: 'SUBSCRIBE_TIMEOUT',
  unsubscribeTimeout: 'UNSUBSCRIBE_TIMEOUT',
  pingTimeout: 'PING_TIMEOUT',
  refusedProtocol: 'REFUSED_PROTOCOL',
  refusedIdentifier: 'REFUSED_IDENTIFIER',
  serverUnavailable: 'SERVER_UNAVAILABLE',
  badCredentials: 'BAD_CREDENTIALS',
  notAuthorized: 'NOT_AUTHORIZED',
  subscribeRefused: 'SUBSCRIBE_REFUSED',
  socketError: 'SOCKET_ERROR',
  socketClosed: 'SOCKET_CLOSED',
  bufferFull: 'BUFFER_FULL',
} as const;
export type RealtimeErrorCode = (typeof REALTIME_ERRORS)[keyof typeof REALTIME_ERRORS];

/** MQTT 3.1.1 CONNACK return codes 1–5 (0 is accepted). */
const CONNACK_CODES: Record<number, RealtimeErrorCode> = {
  1: REALTIME_ERRORS.refusedProtocol,
  2: REALTIME_ERRORS.refusedIdentifier,
  3: REALTIME_ERRORS.serverUnavailable,
  4: REALTIME_ERRORS.badCredentials,
  5: REALTIME_ERRORS.notAuthorized,
};

/** The code of an error mqtt.js emitted: connack refusals carry `code`, timeouts say so in words. */
export function classifyError(error: unknown): RealtimeErrorCode {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && CONNACK_CODES[code]) return CONNACK_CODES[code];
  const message = error instanceof Error ? error.message : String(error);
  if (/connack timeout/i.test(message)) return REALTIME_ERRORS.connectTimeout;
  if (/keepalive timeout/i.test(message)) return REALTIME_ERRORS.pingTimeout;
  if (/connection closed|closed/i.test(message)) return REALTIME_ERRORS.socketClosed;
  return REALTIME_ERRORS.socketError;
}

/** Codes after which trying again with the same credentials is pointless: ask for new ones first. */
export function needsNewCredentials(code: RealtimeErrorCode): boolean {
  return code === REALTIME_ERRORS.badCredentials || code === REALTIME_ERRORS.notAuthorized;
}

export interface RealtimeLogger {
  warn(message: string, details?: Record<string, unknown>): void;
}

/** The browser's console, one line per error with its code (what the seed's client logged). */
export const consoleLogger: RealtimeLogger = {
  warn(message, details) {
    console.warn(`[realtime] ${message}`, details ?? '');
  },
};
