import { useEffect, useState } from 'react';

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
