import { describe, expect, it } from 'vitest';
import { createCursorCodec, isTimeIdPosition, type TimeIdPosition } from './cursor.js';

const KEY = 'cursor-unit-test-key';
const position: TimeIdPosition = { createdAt: 1_718_000_000_123, id: '0190f0a0-0000-7000-8000-000000000001' };
const queue = createCursorCodec<TimeIdPosition>({ key: KEY, purpose: 'company-queue', field: 'query.cursor' });

/** What the codec throws: the error handler answers it as a 400 on `field` with the translated message. */
const refusal = { code: 'VALIDATION', status: 400, field: 'query.cursor', messageKey: 'CURSOR_INVALID' };

/** The cursor with one character of its part `part` (0: the position, 1: the signature) changed. */
function flip(cursor: string, part: 0 | 1): string {
  const parts = cursor.split('.') as [string, string];
  const text = parts[part];
  const at = Math.floor(text.length / 2);
  parts[part] = `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
  return parts.join('.');
}

describe('createCursorCodec', () => {
  it('gives back the position it encoded, as an opaque URL-safe string', () => {
    const cursor = queue.encode(position);
    expect(cursor).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cursor).not.toContain(position.id);
    expect(queue.decode(cursor, isTimeIdPosition)).toEqual(position);
  });

  it('refuses a cursor whose signature or position was edited, or that was cut short', () => {
    const cursor = queue.encode(position);
    for (const bad of [flip(cursor, 1), flip(cursor, 0), cursor.slice(0, -1), cursor.split('.')[0] as string, `${cursor}.x`, '', '.']) {
      expect(() => queue.decode(bad, isTimeIdPosition), bad).toThrow(expect.objectContaining(refusal));
    }
  });

  it('refuses a cursor made for another purpose or with another key, and an old unsigned one', () => {
    const sellers = createCursorCodec<TimeIdPosition>({ key: KEY, purpose: 'seller-queue', field: 'query.cursor' });
    const elsewhere = createCursorCodec<TimeIdPosition>({ key: 'another-key', purpose: 'company-queue', field: 'query.cursor' });
    const unsigned = Buffer.from(`${position.createdAt}:${position.id}`).toString('base64url');
    for (const bad of [sellers.encode(position), elsewhere.encode(position), unsigned]) {
      expect(() => queue.decode(bad, isTimeIdPosition)).toThrow(expect.objectContaining(refusal));
    }
  });

  it('refuses a signed cursor whose position fails the check', () => {
    for (const bad of [{ createdAt: 1.5, id: 'x' }, { createdAt: -1, id: 'x' }, { createdAt: 1, id: '' }, { createdAt: 1, id: 'x'.repeat(65) }, { createdAt: '1', id: 'x' }, null, [1, 'x']]) {
      const cursor = queue.encode(bad as unknown as TimeIdPosition);
      expect(() => queue.decode(cursor, isTimeIdPosition), JSON.stringify(bad)).toThrow(expect.objectContaining(refusal));
    }
  });

  it('names the field and message it was given', () => {
    const outbox = createCursorCodec<TimeIdPosition>({ key: KEY, purpose: 'outbox', field: 'cursor', messageKey: 'CURSOR_INVALID' });
    expect(() => outbox.decode('nope')).toThrow(expect.objectContaining({ field: 'cursor', messageKey: 'CURSOR_INVALID' }));
  });
});
