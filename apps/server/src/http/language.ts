import type { FastifyRequest } from 'fastify';
import { COOKIE_KEYS, DEFAULT_LANGUAGE, isLanguage, toLanguage, type Language } from '@tessera/contracts';

/**
 * The language of a request: the `language` header the client sends on every API call, else a
 * `?lang=` in the address (links to one language of a page: the blog's feeds link posts so), else the
 * `lang` cookie the web app keeps, else the browser's Accept-Language, else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers.language;
  if (typeof header === 'string' && header) return toLanguage(header);
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isLanguage(query)) return query;
  const cookie = request.cookies?.[COOKIE_KEYS.lang];
  if (isLanguage(cookie)) return cookie;
  const accept = request.headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.split(',')) {
      const tag = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
      if (isLanguage(tag)) return tag;
    }
  }
  return DEFAULT_LANGUAGE;
}
