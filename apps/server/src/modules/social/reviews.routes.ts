import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REVIEW_PHOTOS_MAX,
  UPLOAD_RULES,
  ZMyReviewsResponseSchema,
  ZProductReviewsQuerySchema,
  ZProductReviewsResponseSchema,
  ZReviewAnswerSchema,
  ZReviewCreateSchema,
  ZReviewDetailResponseSchema,
  ZReviewHideSchema,
  ZReviewListQuerySchema,
  ZReviewListResponseSchema,
  ZReviewPatchSchema,
  zId,
} from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import { AppError, NotFound } from '../../lib/errors.js';
import { sendCached, type CachedAnswer, type ReadCache } from '../catalog/index.js';
import { readMultipartFiles, registerMultipart } from '../uploads/index.js';
import type { ReviewReads } from './review-read.js';
import type { ReviewsService } from './reviews.service.js';

const ZIdParams = z.object({ id: zId() });
const ZPhotoParams = ZIdParams.extend({ photoId: zId() });
const ZIdOrSlugParams = z.object({ idOrSlug: z.string().min(1).max(200) });

/** Reviews after purchase (issue #13 §4): the product page's list, the buyer's, the seller's and the team's. */
export function reviewsRoutes(deps: {
  reviews: ReviewsService;
  reads: ReviewReads;
  cache: ReadCache<CachedAnswer>;
  productIds: ReadCache<string>;
}): FastifyPluginAsync {
  const { reviews, reads, cache, productIds } = deps;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const security = [{ accessToken: [] }];
    const tags = ['reviews'];
    const buyer = { access: ['buyer'] } as const;
    const me = (request: FastifyRequest) => request.auth.userId;

    typed.get(
      // Named like the product page route's parameter: the router shares one node for these paths.
      '/v1/products/:idOrSlug/reviews',
      {
        config: { access: 'public' },
        // The cached answer is sent as ready bytes, compressed once (catalog/cache/cached-answer.ts).
        compress: false,
        decompress: false,
        schema: {
          tags,
          summary: 'A product’s visible reviews, newest first, with the average and the count per star',
          description: '`rating` keeps one star count; page with `nextCursor`. The counts are stored, never recounted from the reviews.',
          params: ZIdOrSlugParams,
          querystring: ZProductReviewsQuerySchema,
          response: { 200: ZProductReviewsResponseSchema },
        },
      },
      // The same for every viewer and language: one cached answer per product, star filter and page,
      // dropped when the reviews version moves; the product it names is looked up again after any
      // catalog change (docs/social.md "The reviews cache").
      async (request, reply) => {
        const { idOrSlug } = request.params;
        const { rating, limit, cursor } = request.query;
        // '' stands for "no published product": kept too, until the catalog changes.
        const productId = await productIds.get(idOrSlug, async () => (await reads.publishedProductId(idOrSlug)) ?? '');
        if (!productId) throw NotFound();
        const key = `${productId}\u0000${rating ?? ''}\u0000${limit ?? ''}\u0000${cursor ?? ''}`;
        return sendCached(cache, request, reply, key, async () => ({ message: 'Reviews', data: await reads.forProductId({ productId, ...request.query }) }));
      },
    );

    typed.get(
      '/v1/reviews/mine',
      {
        config: buyer,
        schema: { tags, security, summary: 'Delivered purchases the buyer can still review, and his reviews', response: { 200: ZMyReviewsResponseSchema } },
      },
      async (request) => ({ message: 'Reviews', data: await reads.mine({ buyerId: me(request), language: requestLanguage(request) }) }),
    );
    typed.post(
      '/v1/reviews',
      {
        config: buyer,
        schema: {
          tags,
          security,
          summary: 'Review a product bought and delivered (one review per delivered order line)',
          description:
            'Without a delivered order line of the product the answer is 403 REVIEW_NOT_BOUGHT ("sorry, not allowed to review this product since not bought"); ' +
            'with every delivered line already reviewed, 409 REVIEW_EXISTS.',
          body: ZReviewCreateSchema,
          response: { 200: ZReviewDetailResponseSchema },
        },
      },
      async (request) => ({
        message: 'Thank you for your review',
        data: await reviews.create({ buyerId: me(request), input: request.body, language: requestLanguage(request) }),
      }),
    );
    typed.patch(
      '/v1/reviews/:id',
      {
        config: buyer,
        schema: {
          tags,
          security,
          summary: 'Edit one’s own review',
          params: ZIdParams,
          body: ZReviewPatchSchema,
          response: { 200: ZReviewDetailResponseSchema },
        },
      },
      async (request) => ({
        message: 'Review updated',
        data: await reviews.update({ buyerId: me(request), id: request.params.id, patch: request.body, language: requestLanguage(request) }),
      }),
    );
    typed.delete(
      '/v1/reviews/:id/photos/:photoId',
      {
        config: buyer,
        schema: { tags, security, summary: 'Remove a photo from one’s own review', params: ZPhotoParams, response: { 200: ZReviewDetailResponseSchema } },
      },
      async (request) => ({
        message: 'Photo removed',
        data: await reviews.removePhoto({ buyerId: me(request), id: request.params.id, photoId: request.params.photoId, language: requestLanguage(request) }),
      }),
    );

    // Multipart is read only in its own scope (uploads/multipart.ts).
    await app.register(async (scope) => {
      await registerMultipart(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/v1/reviews/:id/photos',
        {
          config: buyer,
          schema: {
            tags,
            security,
            summary: `Add photos (field \`photos\`, at most ${REVIEW_PHOTOS_MAX} per review) to one’s own review`,
            description: 'Checked by content and re-encoded; a bad file refuses the whole request and keeps nothing.',
            consumes: ['multipart/form-data'],
            params: ZIdParams,
            response: { 200: ZReviewDetailResponseSchema },
          },
        },
        async (request) => {
          let form;
          try {
            form = await readMultipartFiles(request, {
              maxFileBytes: UPLOAD_RULES['review-photo'].maxBytes,
              maxFiles: REVIEW_PHOTOS_MAX,
              fileFields: ['photos'],
              fields: [],
            });
          } catch (error) {
            if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE' && !error.field) throw new AppError('REVIEW_PHOTOS_LIMIT', 'photos');
            throw error;
          }
          if (form.files.length === 0) throw new AppError('VALIDATION', 'photos');
          return {
            message: 'Photos added',
            data: await reviews.addPhotos({ buyerId: me(request), id: request.params.id, files: form.files, language: requestLanguage(request) }),
          };
        },
      );
    });

    const seller = { access: ['seller'] } as const;
    typed.get(
      '/v1/seller/reviews',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Reviews of the seller’s products, newest first',
          querystring: ZReviewListQuerySchema,
          response: { 200: ZReviewListResponseSchema },
        },
      },
      async (request) => ({ message: 'Reviews', data: await reads.list({ sellerId: me(request), ...request.query, language: requestLanguage(request) }) }),
    );
    typed.post(
      '/v1/seller/reviews/:id/answer',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Answer a review of one of the store’s products, once (409 REVIEW_ANSWERED)',
          params: ZIdParams,
          body: ZReviewAnswerSchema,
          response: { 200: ZReviewDetailResponseSchema },
        },
      },
      async (request) => ({
        message: 'Answer published',
        data: await reviews.answer({ sellerId: me(request), id: request.params.id, text: request.body.text, language: requestLanguage(request) }),
      }),
    );

    const moderators = { access: ['team:owner', 'team:moderator'] } as const;
    typed.get(
      '/v1/admin/reviews',
      {
        config: { access: ['team:owner', 'team:moderator', 'team:support'] },
        schema: {
          tags,
          security,
          summary: 'Every review, newest first; `status` filters',
          querystring: ZReviewListQuerySchema,
          response: { 200: ZReviewListResponseSchema },
        },
      },
      async (request) => ({ message: 'Reviews', data: await reads.list({ ...request.query, language: requestLanguage(request) }) }),
    );
    typed.post(
      '/v1/admin/reviews/:id/hide',
      {
        config: moderators,
        schema: {
          tags,
          security,
          summary: 'Hide a review, with the reason its author reads; the product’s rating no longer counts it',
          params: ZIdParams,
          body: ZReviewHideSchema,
          response: { 200: ZReviewDetailResponseSchema },
        },
      },
      async (request) => ({
        message: 'Review hidden',
        data: await reviews.moderate({
          teamUserId: me(request),
          id: request.params.id,
          hide: true,
          reason: request.body.reason,
          language: requestLanguage(request),
        }),
      }),
    );
    typed.post(
      '/v1/admin/reviews/:id/unhide',
      {
        config: moderators,
        schema: { tags, security, summary: 'Show a hidden review again', params: ZIdParams, response: { 200: ZReviewDetailResponseSchema } },
      },
      async (request) => ({
        message: 'Review shown',
        data: await reviews.moderate({ teamUserId: me(request), id: request.params.id, hide: false, language: requestLanguage(request) }),
      }),
    );
  };
}
