import { useEffect, useState } from 'react';
import { HttpError } from '../../lib/http';
import { problemOf, type Problem } from '../../lib/route-data';

/**
 * Loading helpers of the seller portal's and the console's order pages (docs/web.md "Loading and
 * submitting data").
 */

/** What a loader read, or the server's refusal (a 4xx but a lost session) that the page shows in its own words. */
export type Refusable<T> = { data: T; problem: null } | { data: null; problem: Problem };

/**
 * Runs a loader's call; a refusal (an order that is not there, a filter the server will not take)
 * becomes data for the page, as it was before the loaders: a lost session or a failure still throws
 * to the route's ErrorBoundary (login form, or the shared error state).
 */
export async function refusable<T>(call: Promise<T>): Promise<Refusable<T>> {
  try {
    return { data: await call, problem: null };
  } catch (error) {
    if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 401) return { data: null, problem: problemOf(error) };
    throw error;
  }
}

/**
 * A list whose first page comes from the route's loader and whose further pages the page asks for
 * ("more"). The pages read so far stay when the loader revalidates (a refresh, a change), and go when
 * `key` (the filters) changes.
 */
export function useMorePages<T>(
  key: string,
  first: { rows: T[]; cursor: string | null },
  page: (cursor: string) => Promise<{ rows: T[]; cursor: string | null }>,
) {
  const [extra, setExtra] = useState<{ rows: T[]; cursor: string | null; error: unknown }>({ rows: [], cursor: null, error: null });
  useEffect(() => setExtra({ rows: [], cursor: null, error: null }), [key]);
  const cursor = extra.rows.length ? extra.cursor : first.cursor;
  async function more() {
    if (!cursor) return;
    try {
      const next = await page(cursor);
      setExtra((previous) => ({ rows: [...previous.rows, ...next.rows], cursor: next.cursor, error: null }));
    } catch (error) {
      setExtra((previous) => ({ ...previous, error }));
    }
  }
  return { rows: [...first.rows, ...extra.rows], cursor, error: extra.error, more };
}
