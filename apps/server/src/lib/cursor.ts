import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ValidationMessageKey } from '@tessera/contracts';
import { AppError } from './errors.js';

/**
 * Opaque keyset cursors: the position after the last item of a page (its sort key and id), plus
 * whatever the page was tied to (the sort), as base64url JSON followed by a short HMAC. A cursor
 * that was edited, truncated or made for another sort is refused with 400 instead of silently
 * jumping somewhere else in the list.
 */
export interface CursorCodec<T> {
  encode(position: T): string;
  /** Throws a 400 on `field` when the cursor is not one this codec made, or fails `check`. */
  decode(cursor: string, check?: (position: T) => boolean): T;
}

const MAC_BYTES = 12;

export function createCursorCodec<T>(options: { key: Uint8Array | string; purpose: string; field?: string; messageKey?: ValidationMessageKey }): CursorCodec<T> {
  const field = options.field ?? 'cursor';
  const refuse = () => new AppError('VALIDATION', field, undefined, options.messageKey ?? 'CURSOR_INVALID');
  const mac = (body: string) => createHmac('sha256', options.key).update(options.purpose).update('\u0000').update(body).digest().subarray(0, MAC_BYTES);
  return {
    encode(position) {
      const body = Buffer.from(JSON.stringify(position)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    decode(cursor, check) {
      const [body, signature, extra] = cursor.split('.');
      if (!body || !signature || extra !== undefined) throw refuse();
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
      let position: T;
      try {
        position = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
      } catch {
        throw refuse();
      }
      if (check && !check(position)) throw refuse();
      return position;
    },
  };
}

/** The position most keyset lists page by: the last row's time (UTC ms) and its id, which breaks ties. */
export interface TimeIdPosition {
  createdAt: number;
  id: string;
}

/** Ids are UUIDv7 (36 characters); anything much longer was not made by this server. */
const POSITION_ID_MAX = 64;

/** The `check` for a TimeIdPosition cursor: a signed cursor is still refused when its payload is not one. */
export function isTimeIdPosition(value: unknown): value is TimeIdPosition {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const p = value as Record<string, unknown>;
  return Number.isSafeInteger(p.createdAt) && (p.createdAt as number) >= 0 && typeof p.id === 'string' && p.id.length > 0 && p.id.length <= POSITION_ID_MAX;
}
