import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { uuidv7 } from 'uuidv7';

/** Sortable ids (UUIDv7): creation order is id order, on both databases. */
export const newId = (): string => uuidv7();

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
