import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEARCH_QUERY_MAX, ZRecentSearchesResponseSchema, ZSuggestionsResponseSchema } from '@tessera/contracts';
import { requestLanguage } from '../../../http/language.js';
import { sendCached, type CachedAnswer, type ReadCache } from '../cache/index.js';
import type { RecentSearchesService } from './recent-searches.service.js';
import type { SuggestionsService } from './suggestions.service.js';

export const SUGGESTIONS_MAX = 10;

const ZSuggestQuerySchema = z
  .object({
    q: z.string().trim().min(1, 'Enter something to search for').max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters`),
    limit: z.coerce.number().int().min(1).max(SUGGESTIONS_MAX).default(6),
  })
  .strict();

/** The search box's API: suggestions as the user types, and the caller's recent searches. */
export function searchRoutes(deps: { recentSearches: RecentSearchesService; suggestions: SuggestionsService; cache: ReadCache<CachedAnswer> }): FastifyPluginAsync {
  const { recentSearches, suggestions, cache } = deps;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.get(
      '/v1/search/suggest',
      {
        config: { access: 'public' },
        // Compressed by the read cache (cached-answer.ts), not per request by @fastify/compress.
        compress: false,
        decompress: false,
        schema: { tags: ['catalog'], summary: 'Completions of the last word and the best few products for a partial query', querystring: ZSuggestQuerySchema, response: { 200: ZSuggestionsResponseSchema } },
      },
      // Cached like the listing: people type the same few letters ("org", "bask") all day.
      async (request, reply) => {
        const { q, limit } = request.query;
        const language = requestLanguage(request);
        return sendCached(cache, request, reply, `suggest:${limit}:${q}\u0000${language}`, async () => ({ message: 'ok', data: await suggestions.suggest({ q, limit, language }) }));
      },
    );

    typed.get(
      '/v1/search/recent',
      { config: { access: 'session' }, schema: { tags: ['catalog'], summary: "The caller's recent searches, most recent first", response: { 200: ZRecentSearchesResponseSchema } } },
      async (request) => ({ message: 'ok', data: { recentSearches: await recentSearches.list({ userId: request.auth.userId }) } }),
    );

    typed.delete(
      '/v1/search/recent',
      { config: { access: 'session' }, schema: { tags: ['catalog'], summary: "Clear the caller's recent searches", response: { 200: ZRecentSearchesResponseSchema } } },
      async (request) => {
        await recentSearches.clear({ userId: request.auth.userId });
        return { message: 'Recent searches cleared', data: { recentSearches: [] } };
      },
    );
  };
}
