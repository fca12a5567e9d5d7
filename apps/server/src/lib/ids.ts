import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { uuidv7 } from 'uuidv7';

/** Sortable ids (UUIDv7): creation order is id order, on both databases. */
export const newId = (): string => uuidv7();

/**
 * Request ids for logs and the x-request-id header: unique, not secret, not stored. A random prefix
 * per process and a counter, in the shape of a UUID: no random bytes drawn per request.
 */
const requestIdPrefix = (() => {
  const hex = randomBytes(10).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-`;
})();
let requestCount = 0;
export const newRequestId = (): string => requestIdPrefix + (requestCount++ % 0x1000000000000).toString(16).padStart(12, '0');

/** A high-entropy secret for the wire (refresh tokens): 256 random bits, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Hash of a high-entropy secret; such secrets need no slow hash, only one that cannot be reversed. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}
