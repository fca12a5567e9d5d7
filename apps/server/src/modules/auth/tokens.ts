import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';
import { USER_TYPES, type UserType } from '@tessera/contracts';
import { AppError } from '../../lib/errors.js';
import { ExpiringMap } from '../../lib/expiring-map.js';

/**
 * Access tokens are HS256 JWTs. Claims: `sub` the user id, `sid` the session id, `typ` the user
 * type, `iat` and `exp` in seconds. They are short-lived; the session row decides revocation.
 */
export interface AccessClaims {
  userId: string;
  userType: UserType;
  sessionId: string;
  /** UTC milliseconds. */
  expiresAt: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'tessera';

/** A JWT part: base64url without padding, nothing else (Node's decoder would skip stray characters). */
const PART = /^[A-Za-z0-9_-]+$/;
const VERIFIED_TOKENS_KEPT = 10_000;

export class AccessTokens {
  // Imported once: handing jose the raw bytes would import a new key on every sign.
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly secret: Buffer;
  /**
   * Claims of tokens verified lately, by the whole token string: a client sends the same token with
   * every request for its lifetime, and an exact match of the string is a match of its signature.
   * Bounded; expiry is still checked on every use.
   */
  private readonly verified = new ExpiringMap<string, Record<string, unknown>>({ ttlMs: Infinity, maxEntries: VERIFIED_TOKENS_KEPT });

  constructor(
    secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {
    this.secret = Buffer.from(secret);
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: Omit<AccessClaims, 'expiresAt'>, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = Math.floor(now / 1000);
    const exp = issuedAt + this.ttlSeconds;
    const token = await new SignJWT({ sid: claims.sessionId, typ: claims.userType })
      .setProtectedHeader({ alg: ALGORITHM })
      .setIssuer(ISSUER)
      .setSubject(claims.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(exp)
      .sign(await this.key);
    return { token, expiresAt: exp * 1000 };
  }

  /**
   * Verifies signature and shape. An expired token throws TOKEN_EXPIRED (406) unless
   * `allowExpired`, which the refresh endpoint uses to learn whose token it is.
   */
  async verify(token: string, options: { allowExpired?: boolean; now?: number } = {}): Promise<AccessClaims & { expired: boolean }> {
    const now = options.now ?? Date.now();
    // Expiry is checked below, so that an expired but genuine token can still be identified.
    let payload = this.verified.lookup(token)?.value;
    if (!payload) {
      payload = this.verifiedPayload(token);
      this.verified.set(token, payload);
    }
    const { sub, sid, typ, exp } = payload;
    if (
      typeof sub !== 'string' ||
      typeof sid !== 'string' ||
      typeof exp !== 'number' ||
      !(USER_TYPES as readonly string[]).includes(typ as string)
    ) {
      throw new AppError('TOKEN_INVALID');
    }
    const expiresAt = exp * 1000;
    const expired = expiresAt <= now;
    if (expired && !options.allowExpired) throw new AppError('TOKEN_EXPIRED');
    return { userId: sub, sessionId: sid, userType: typ as UserType, expiresAt, expired };
  }

  /**
   * The claims of an HS256 token signed with our key, else TOKEN_INVALID. Every authenticated
   * request comes through here, so it is checked with one synchronous HMAC (Node's crypto) rather
   * than through WebCrypto's promise per request, which made an authenticated read a tenth of a
   * bare one. Only what we issue passes: header exactly HS256 (no `crit`, no other algorithm, no
   * `none`), our issuer, a signature compared in constant time.
   */
  private verifiedPayload(token: string): Record<string, unknown> {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => PART.test(part))) throw new AppError('TOKEN_INVALID');
    const [header, payload, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('TOKEN_INVALID');
    const head = parseJsonObject(header);
    const claims = parseJsonObject(payload);
    if (!head || head.alg !== ALGORITHM || 'crit' in head || (head.typ !== undefined && head.typ !== 'JWT')) throw new AppError('TOKEN_INVALID');
    if (!claims || claims.iss !== ISSUER) throw new AppError('TOKEN_INVALID');
    return claims;
  }
}

function parseJsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
