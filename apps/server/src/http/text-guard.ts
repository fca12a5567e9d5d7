import type { FastifyInstance } from 'fastify';
import { findForbiddenText } from '@tessera/contracts';
import { InvalidField } from '../lib/errors.js';

/**
 * The server's half of the text rule (packages/contracts/src/text.ts): a request whose path
 * parameters, query or parsed body hold a control character (NUL, ESC, …) or half a surrogate pair
 * is refused with a 400 naming the field, before any route's schema, service or database sees it.
 * One hook for every route, schema or not, so a route added later cannot forget it; multipart text
 * fields, read later by the route, are checked the same way in readMultipartFiles.
 *
 * Without it PostgreSQL answers 500 to a NUL byte ("invalid byte sequence for encoding UTF8: 0x00")
 * where SQLite stores it, and a stored one breaks the pages that show it.
 */
export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook: the busy reads pay a walk of a few strings, not a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = findForbiddenText(request.params, 'params') ?? findForbiddenText(request.query, 'query') ?? findForbiddenText(request.body);
    done(field === undefined ? undefined : InvalidField(field, 'TEXT_HAS_CONTROL_CHARACTERS'));
  });
}
