import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/ids.js';

/**
 * Chat user tokens (the seed's `userToken`, kept by the web as `isometrikToken`): the chat user id
 * and an expiry, signed with the app's key. Stateless, so that every /chat request and every MQTT
 * connection checks one without a database read. Format: `ct1.{userId b64url}.{exp seconds}.{mac}`.
 */
export const CHAT_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
const PREFIX = 'ct1';

export class ChatTokens {
  constructor(private readonly key: Uint8Array) {}

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(`chat-token:${body}`).digest('base64url');
  }

  sign(userId: string, now = Date.now()): string {
    const body = `${PREFIX}.${Buffer.from(userId).toString('base64url')}.${Math.floor(now / 1000) + CHAT_TOKEN_TTL_SECONDS}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The chat user id, or undefined for a forged, malformed or expired token. */
  verify(token: string | undefined, now = Date.now()): string | undefined {
    if (!token || token.length > 400) return undefined;
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== PREFIX) return undefined;
    const body = parts.slice(0, 3).join('.');
    if (!safeEqual(parts[3] as string, this.mac(body))) return undefined;
    const expires = Number(parts[2]);
    if (!Number.isInteger(expires) || expires * 1000 <= now) return undefined;
    return Buffer.from(parts[1] as string, 'base64url').toString('utf8');
  }
}
