import { z } from 'zod';

/**
 * What every text a client sends may contain, in one place. The server refuses any request whose
 * body, query or path holds a string that breaks it (src/http/text-guard.ts), before a schema or a
 * database sees it; the building blocks below let a form say so before it sends.
 *
 * Refused: C0 and C1 control characters and DEL, except tab, line feed and carriage return (a
 * browser sends a textarea's line breaks as CR LF); and UTF-16 halves without their pair, which are
 * not text at all. PostgreSQL cannot store NUL in a text column, and the others are never typed by a
 * person: they only hide or disguise what a text says.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds a character that no text sent to Tessera may hold. */
export const hasForbiddenCharacters = (text: string): boolean => FORBIDDEN_IN_TEXT.test(text);

/**
 * The path (`a.b.0.c`, joined with dots as field errors are) of the first string in a parsed body,
 * query or parameter set that holds a forbidden character, object keys included; undefined when
 * there is none. `prefix` starts every path ('query', 'params'; '' for a body).
 */
export function findForbiddenText(value: unknown, prefix = ''): string | undefined {
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  // A stack, not recursion: a body nested 5,000 deep must not overflow the call stack.
  const pending: Array<[unknown, string]> = [[value, prefix]];
  while (pending.length > 0) {
    const [item, path] = pending.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (hasForbiddenCharacters(item)) return path || 'body';
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], join(path, String(i))]);
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      const entries = Object.entries(item);
      for (const [key] of entries) if (hasForbiddenCharacters(key)) return join(path, key.replace(FORBIDDEN_IN_TEXT, '?'));
      for (let i = entries.length - 1; i >= 0; i--) pending.push([entries[i]![1], join(path, entries[i]![0])]);
    }
  }
  return undefined;
}

/** A string of user text: the server's rule, checked in a form too. */
export const zText = () => z.string().refine((value) => !hasForbiddenCharacters(value), { error: 'TEXT_HAS_CONTROL_CHARACTERS' });

/** Ids are UUIDs (UUIDv7 for everything Tessera makes): anything else, the empty string included, is refused as malformed. */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (value: string): boolean => ID_PATTERN.test(value);
/** An id sent by a client (a path parameter or a reference in a body). */
export const zId = () => z.string().min(1, { error: 'REQUIRED' }).regex(ID_PATTERN, { error: 'ID_INVALID' });

/**
 * A link the store team sets (banners, menus, hero slides): a path of this site (`/makers`, never
 * `//host` or `/\host`, which browsers read as another site) or an https URL with a host. Checked
 * when saved, so a page never renders a link to somewhere the team did not mean.
 */
export function isSiteLink(value: string): boolean {
  if (value.length === 0 || value.length > 300 || /[\s\\]/.test(value) || hasForbiddenCharacters(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!value.toLowerCase().startsWith('https://')) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
export const zSiteLink = () => z.string().trim().max(300).refine(isSiteLink, { error: 'ENTER_VALID_LINK' });
