import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBrandsResponseSchema,
  ZCategoriesResponseSchema,
  ZCommonDataResponseSchema,
  ZHomeResponseSchema,
  ZListingQuerySchema,
  ZListingResponseSchema,
  ZProductDetailResponseSchema,
  ZPublicStoreResponseSchema,
  ZRelatedProductsResponseSchema,
  ZSpecialitiesQuerySchema,
  ZSpecialitiesResponseSchema,
  ZStoresQuerySchema,
  ZStoresResponseSchema,
} from '@tessera/contracts';
import { requestLanguage } from '../../../http/language.js';
import type { AuthService } from '../../auth/index.js';
import { sendCached, type CachedAnswer, createCallerMemo, JsonText, type ReadCache } from '../cache/index.js';
import type { CommonDataService } from './common-data.service.js';
import { listingJson, type ListingService, normalizedQueryKey } from '../listing/index.js';
import type { CurrenciesService } from '../../currencies/index.js';
import { convertListing, convertMoney, displayCurrencyOf, priceFilterToCatalog } from './display-currency.js';
import type { ProductReadService } from './product-read.service.js';
import type { StoresPublicService } from './stores-public.service.js';

/** H1's recent searches, as far as the listing needs them (noted when a caller with a token searches). */
export interface RecentSearchRecorder {
  recordLater(caller: () => Promise<string | null>, query: string): void;
}

export interface CatalogReadDeps {
  auth: AuthService;
  /** Rates for answers in the buyer's currency (display-currency.ts). */
  currencies: CurrenciesService;
  listing: ListingService;
  products: ProductReadService;
  stores: StoresPublicService;
  common: CommonDataService;
  cache: ReadCache<CachedAnswer>;
  recentSearches: () => RecentSearchRecorder | undefined;
}

const tags = ['catalog'];
const ZIdOrSlugParamsSchema = z.object({ idOrSlug: z.string().min(1).max(200) });
const ZStoreQuerySchema = z.object({ storeId: z.string().trim().min(1).max(200) }).strict();
const ZCommonDataParamsSchema = z.object({ token: z.string().max(4096), isMobile: z.enum(['1', '0']) });

/**
 * A cached answer is already JSON: sent as a string with a JSON content type, Fastify passes it through
 * untouched (no second serialisation). The response schemas stay declared for validation in tests and
 * for the OpenAPI document.
 */
/** The buyers' read API: listing, product pages, categories, brands, stores, specialities, the page shell and the home page. */
export function catalogReadRoutes(deps: CatalogReadDeps): FastifyPluginAsync {
  const { listing, products, stores, common, cache } = deps;
  // Every answer in the buyer's currency, cached per currency and rates (display-currency.ts).
  const cached = async (request: FastifyRequest, reply: FastifyReply, key: string, build: () => Promise<unknown>) => {
    const display = await displayCurrencyOf(deps.currencies, request);
    return sendCached(cache, request, reply, `${key}\u0000${display.key}`, async () => convertMoney(await build(), display));
  };

  /** The caller behind an optional token; a missing or bad token is simply nobody (the route is public). */
  const callerOf = createCallerMemo(async (token) => {
    try {
      return (await deps.auth.authenticate({ accessToken: token })).userId;
    } catch {
      return null;
    }
  });
  const callerId = async (request: FastifyRequest): Promise<string | null> => {
    const token = request.headers.authorization;
    return token ? callerOf(token) : null;
  };

  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const open = { access: 'public' } as const;
    // These answers come compressed from the read cache (cached-answer.ts): @fastify/compress's three
    // per-request hooks would only look at them and step aside.
    const selfCompressed = { compress: false, decompress: false } as const;

    typed.get(
      '/v1/products',
      {
        config: open,
        ...selfCompressed,
        schema: {
          tags,
          summary: 'Published products: filters, sort, facet counts, keyset pages and search',
          description:
            'Values within a filter are OR (comma separated), filters are AND. Facets are counted over the products matching every other filter. ' +
            '`cursor` is the opaque nextCursor of the previous page and only valid with the same sort. With `q` and no `sort`, the search ranking is kept.',
          querystring: ZListingQuerySchema,
          response: { 200: ZListingResponseSchema },
        },
      },
      async (request, reply) => {
        const language = requestLanguage(request);
        const query = request.query;
        const q = query.q?.trim();
        // The search is noted without making its answer wait (the token is checked meanwhile).
        if (q) deps.recentSearches()?.recordLater(() => callerId(request), q);
        // The price filter and facet speak the buyer's currency; the listing, the catalog's.
        const display = await displayCurrencyOf(deps.currencies, request);
        const inCatalog = { ...query, price: priceFilterToCatalog(query.price, display) };
        return sendCached(cache, request, reply, `products?${normalizedQueryKey(query)}\u0000${language}\u0000${display.key}`, async () => {
          const answer = await listing.list({ query: inCatalog, language });
          const converted = convertListing(answer, display, language, query.price?.trim());
          // Nothing converted (the catalog's own currency): the cards are the card cache's, their JSON reused.
          return converted === answer ? new JsonText(listingJson(answer)) : converted;
        });
      },
    );

    typed.get(
      '/v1/products/:idOrSlug',
      {
        config: open,
        ...selfCompressed,
        schema: { tags, summary: 'A published product page by id or slug', params: ZIdOrSlugParamsSchema, response: { 200: ZProductDetailResponseSchema } },
      },
      async (request, reply) => {
        const language = requestLanguage(request);
        const { idOrSlug } = request.params;
        return cached(request, reply, `product:${idOrSlug}\u0000${language}`, async () => ({ message: 'ok', data: await products.getProduct({ idOrSlug, language }) }));
      },
    );

    typed.get(
      // The same parameter name as the product route: the router shares one node for both paths.
      '/v1/products/:idOrSlug/related',
      {
        config: open,
        ...selfCompressed,
        schema: { tags, summary: 'Up to 12 products of the same category or store (by product id)', params: ZIdOrSlugParamsSchema, response: { 200: ZRelatedProductsResponseSchema } },
      },
      async (request, reply) => {
        const language = requestLanguage(request);
        const id = request.params.idOrSlug;
        return cached(request, reply, `related:${id}\u0000${language}`, async () => ({ message: 'ok', data: { items: await products.related({ id, language }) } }));
      },
    );

    typed.get(
      '/v1/categories',
      { config: open, ...selfCompressed, schema: { tags, summary: 'The category tree, depth first, with published product counts', response: { 200: ZCategoriesResponseSchema } } },
      async (request, reply) => {
        const language = requestLanguage(request);
        return cached(request, reply, `categories\u0000${language}`, async () => ({ message: 'ok', data: { categories: await products.categories({ language }) } }));
      },
    );

    typed.get('/v1/brands', { config: open, ...selfCompressed, schema: { tags, summary: 'Every brand', response: { 200: ZBrandsResponseSchema } } }, async (request, reply) =>
      cached(request, reply, 'brands', async () => ({ message: 'ok', data: { brands: await products.brands() } })),
    );

    typed.get(
      '/v1/store',
      {
        config: open,
        ...selfCompressed,
        schema: {
          tags,
          summary: 'An approved store by id or alias (seed §7: the store is data.data[0])',
          querystring: ZStoreQuerySchema,
          response: { 200: ZPublicStoreResponseSchema },
        },
      },
      async (request, reply) => {
        const language = requestLanguage(request);
        const { storeId } = request.query;
        return cached(request, reply, `store:${storeId}\u0000${language}`, async () => ({ message: 'ok', data: { data: [await stores.getStore({ storeId, language })] } }));
      },
    );

    typed.get(
      '/v1/stores',
      {
        config: open,
        ...selfCompressed,
        schema: { tags, summary: 'Approved stores: the featured makers, or the makers of a speciality', querystring: ZStoresQuerySchema, response: { 200: ZStoresResponseSchema } },
      },
      async (request, reply) => {
        const language = requestLanguage(request);
        const { featured, speciality, limit } = request.query;
        return cached(request, reply, `stores:${featured ?? ''}:${speciality ?? ''}:${limit ?? ''}\u0000${language}`, async () => ({
          message: 'ok',
          data: { stores: await stores.listStores({ featured: featured === '1', speciality, language, limit: limit ?? 48 }) },
        }));
      },
    );

    typed.get(
      '/v1/specialities/all',
      {
        config: open,
        ...selfCompressed,
        schema: {
          tags,
          summary: 'The makers’ active skills and specialities (seed: skillsData)',
          description:
            '`sort` is name, stores (most stores first) or newest; default: the team’s order. `search` matches the name in the request’s language or in English. ' +
            'Headers: `language` picks the texts; `storeCategoryId` (a category id or slug) keeps the specialities of stores selling in that category or below it; ' +
            '`currencycode` and `platform` (3, web) are accepted as the seed client sends them and change nothing here (specialities carry no prices).',
          querystring: ZSpecialitiesQuerySchema,
          headers: z.object({ storecategoryid: z.string().max(200).optional() }).passthrough(),
          response: { 200: ZSpecialitiesResponseSchema },
        },
      },
      async (request, reply) => {
        const language = requestLanguage(request);
        const { sort, search } = request.query;
        const storeCategoryId = request.headers.storecategoryid || undefined;
        return cached(request, reply, `specialities:${sort ?? ''}:${search?.toLowerCase() ?? ''}:${storeCategoryId ?? ''}\u0000${language}`, async () => ({
          message: 'ok',
          data: await stores.specialities({ sort, search: search || undefined, storeCategoryId, language }),
        }));
      },
    );

    typed.get(
      '/v1/fetch/common/data/:token/:isMobile',
      {
        config: open,
        ...selfCompressed,
        schema: {
          tags,
          summary: 'The page shell: footer, menus, top categories, live banners and the app configuration',
          description:
            'The seed client puts its token in the path. The shell is the same for everyone (public pages render it before any sign-in), so the token is ' +
            'not checked and changes nothing; it is redacted from the request log like any secret. isMobile is 1 or 0.',
          params: ZCommonDataParamsSchema,
          response: { 200: ZCommonDataResponseSchema },
        },
      },
      async (request, reply) => {
        const language = requestLanguage(request);
        const isMobile = request.params.isMobile === '1';
        return cached(request, reply, `common:${isMobile ? 1 : 0}\u0000${language}`, async () => ({ message: 'ok', data: await common.commonData({ language, isMobile }) }));
      },
    );

    typed.get(
      '/v1/home',
      { config: open, ...selfCompressed, schema: { tags, summary: 'The home page: featured makers and products, categories, hero and strip banners', response: { 200: ZHomeResponseSchema } } },
      async (request, reply) => {
        const language = requestLanguage(request);
        return cached(request, reply, `home\u0000${language}`, async () => ({ message: 'ok', data: await common.home({ language }) }));
      },
    );
  };
}
