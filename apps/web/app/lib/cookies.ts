/** Minimal cookie helpers: the browser's document.cookie and a raw Cookie header. */

export interface CookieOptions {
  days?: number;
  sameSite?: 'Strict' | 'Lax';
  secure?: boolean;
  path?: string;
}

/** Parses a Cookie header ("a=1; b=2") into a map. Later duplicates do not override earlier ones. */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in out) continue;
    const raw = part.slice(index + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** Serialises one Set-Cookie style string for document.cookie. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.days !== undefined) {
    const expires = new Date(Date.now() + options.days * 86_400_000);
    parts.push(`Expires=${expires.toUTCString()}`, `Max-Age=${Math.round(options.days * 86_400)}`);
  }
  parts.push(`SameSite=${options.sameSite ?? 'Strict'}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** A cookie store: the browser's, or an in-memory one in tests. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  remove(name: string): void;
}

function isHttps(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/** Cookies of the current document; Secure whenever the page is served over https. */
export const browserCookies: CookieJar = {
  get(name) {
    if (typeof document === 'undefined') return undefined;
    return parseCookieHeader(document.cookie)[name];
  },
  set(name, value, options = {}) {
    if (typeof document === 'undefined') return;
    document.cookie = serializeCookie(name, value, { secure: isHttps(), ...options });
  },
  remove(name) {
    if (typeof document === 'undefined') return;
    document.cookie = serializeCookie(name, '', { days: -1, secure: isHttps() });
  },
};

/** An in-memory jar (tests, or environments without document.cookie). */
export function memoryCookies(initial: Record<string, string> = {}): CookieJar & { all(): Record<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, value),
    remove: (name) => void values.delete(name),
    all: () => Object.fromEntries(values),
  };
}
