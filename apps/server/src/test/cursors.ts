import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Walks a keyset list to its end: `fetchPage(cursor)` asks for one page (the first with null).
 * Checks every page answers 200 with at most `limit` items; returns the ids in order and the pages.
 */
export async function collectPages(limit: number, fetchPage: (cursor: string | null) => Promise<LightMyRequestResponse>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await fetchPage(cursor);
    expect(response.statusCode).toBe(200);
    const page = response.json().data as { items: { id: string }[]; nextCursor: string | null };
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { ids, pages };
}

/**
 * What a client might send instead of a signed cursor (lib/cursor.ts): the same cursor with an
 * edited signature, the old unsigned `createdAt:id` form, and `withPosition` — another position
 * under the original signature.
 */
export function forgeCursors(cursor: string) {
  const [body, signature] = cursor.split('.') as [string, string];
  const position = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { createdAt: number; id: string };
  return {
    position,
    flipped: `${body}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
    unsigned: Buffer.from(`${position.createdAt}:${position.id}`).toString('base64url'),
    withPosition: (moved: { createdAt: number; id: string }) => `${Buffer.from(JSON.stringify(moved)).toString('base64url')}.${signature}`,
  };
}
