import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { USER_TYPES, type UserType } from '@tessera/contracts';
import { AppError } from '../../lib/errors.js';

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

export class AccessTokens {
  // Imported once: handing jose the raw bytes would import a new key on every sign and verify.
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {
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
    let payload;
    try {
      // Expiry is checked below, so that an expired but genuine token can still be identified.
      ({ payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        currentDate: new Date(0),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new AppError('TOKEN_INVALID');
      throw error;
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
}
