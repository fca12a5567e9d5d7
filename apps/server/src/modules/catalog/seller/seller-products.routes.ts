import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRODUCT_IMAGE_UPLOAD_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  ZImageOrderSchema,
  ZProductInputSchema,
  ZProductPatchSchema,
  ZSellerProductListQuerySchema,
  ZSellerProductListResponseSchema,
  ZSellerProductResponseSchema,
  ZStockUpdateSchema,
  zId,
} from '@tessera/contracts';
import { AppError } from '../../../lib/errors.js';
import { readMultipartFiles, registerMultipart } from '../../uploads/index.js';
import { EVIDENCE_MAX_BYTES, type SellerProductsService } from './seller-products.service.js';

const ZIdParams = z.object({ id: zId() });
const ZImageParams = ZIdParams.extend({ imageId: zId() });
const ZCertificationParams = ZIdParams.extend({ certId: zId() });
const ZMessageSchema = z.object({ message: z.string() });

/**
 * Multipart's own "too large" becomes the clear message: a file past the size limit names its
 * field; more files than a product may have names none.
 */
async function readImages(request: FastifyRequest) {
  try {
    return await readMultipartFiles(request, { maxFileBytes: PRODUCT_IMAGE_UPLOAD_MAX_BYTES, maxFiles: PRODUCT_IMAGES_MAX, fileFields: ['images'], fields: [] });
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') throw new AppError(error.field ? 'IMAGE_TOO_LARGE' : 'TOO_MANY_IMAGES', 'images');
    throw error;
  }
}

/** The seller portal's catalog: the seller's own products, their images, stock and certificates. */
export function sellerProductsRoutes(products: SellerProductsService): FastifyPluginAsync {
  return async (app) => {
    await registerMultipart(app);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const seller = { access: ['seller'] } as const;
    const tags = ['seller catalog'];
    const security = [{ accessToken: [] }];
    const sellerId = (request: FastifyRequest) => request.auth.userId;

    typed.get(
      '/v1/seller/products',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'The seller’s own products, most recently changed first',
          description: '`q` matches the title in any language; `status` filters; page with `nextCursor`.',
          querystring: ZSellerProductListQuerySchema,
          response: { 200: ZSellerProductListResponseSchema },
        },
      },
      async (request) => ({ message: 'Products', data: await products.list({ sellerId: sellerId(request), query: request.query }) }),
    );

    typed.post(
      '/v1/seller/products',
      { config: seller, schema: { tags, security, summary: 'Create a product (a draft)', body: ZProductInputSchema, response: { 200: ZSellerProductResponseSchema } } },
      async (request) => ({ message: 'Product created', data: await products.create({ sellerId: sellerId(request), input: request.body }) }),
    );

    typed.get(
      '/v1/seller/products/:id',
      { config: seller, schema: { tags, security, summary: 'One of the seller’s products, every language', params: ZIdParams, response: { 200: ZSellerProductResponseSchema } } },
      async (request) => ({ message: 'Product', data: await products.get({ sellerId: sellerId(request), productId: request.params.id }) }),
    );

    typed.patch(
      '/v1/seller/products/:id',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Edit a product (any subset of the create fields)',
          description: 'Lists (variants, materials, certifications) replace the stored ones; a variant or certificate keeps its id when the id is sent.',
          params: ZIdParams,
          body: ZProductPatchSchema,
          response: { 200: ZSellerProductResponseSchema },
        },
      },
      async (request) => ({ message: 'Product updated', data: await products.update({ sellerId: sellerId(request), productId: request.params.id, patch: request.body }) }),
    );

    typed.delete(
      '/v1/seller/products/:id',
      { config: seller, schema: { tags, security, summary: 'Delete a product and its images', params: ZIdParams, response: { 200: ZMessageSchema } } },
      async (request) => {
        await products.remove({ sellerId: sellerId(request), productId: request.params.id });
        return { message: 'Product deleted' };
      },
    );

    typed.post(
      '/v1/seller/products/:id/publish',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Publish a product: buyers see it at once',
          description: 'The store must be approved (403 STORE_NOT_APPROVED); the product needs an image and an English title and description (400 PRODUCT_INCOMPLETE).',
          params: ZIdParams,
          response: { 200: ZSellerProductResponseSchema },
        },
      },
      async (request) => ({ message: 'Product published', data: await products.publish({ sellerId: sellerId(request), productId: request.params.id }) }),
    );

    typed.post(
      '/v1/seller/products/:id/unpublish',
      { config: seller, schema: { tags, security, summary: 'Hide a published product from buyers', params: ZIdParams, response: { 200: ZSellerProductResponseSchema } } },
      async (request) => ({ message: 'Product unpublished', data: await products.unpublish({ sellerId: sellerId(request), productId: request.params.id }) }),
    );

    typed.patch(
      '/v1/seller/products/:id/stock',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Set the stock of the product or of its variants',
          description: 'Stock coming back from 0 sends the waiting notify-me sign-ups their back-in-stock message.',
          params: ZIdParams,
          body: ZStockUpdateSchema,
          response: { 200: ZSellerProductResponseSchema },
        },
      },
      async (request) => ({ message: 'Stock updated', data: await products.updateStock({ sellerId: sellerId(request), productId: request.params.id, update: request.body }) }),
    );

    typed.post(
      '/v1/seller/products/:id/images',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Add images (multipart field "images", JPEG, PNG, WebP or AVIF, up to 8 per product)',
          description: 'Each is auto-rotated, stripped of metadata and stored as WebP, AVIF and JPEG (longest side ≤ 1920 px, ≤ 0.6 MB each) with a 100 px square thumbnail.',
          consumes: ['multipart/form-data'],
          params: ZIdParams,
          response: { 200: ZSellerProductResponseSchema },
        },
      },
      async (request) => {
        const form = await readImages(request);
        return { message: 'Images added', data: await products.addImages({ sellerId: sellerId(request), productId: request.params.id, files: form.files }) };
      },
    );

    typed.delete(
      '/v1/seller/products/:id/images/:imageId',
      { config: seller, schema: { tags, security, summary: 'Remove an image', params: ZImageParams, response: { 200: ZSellerProductResponseSchema } } },
      async (request) => ({
        message: 'Image removed',
        data: await products.deleteImage({ sellerId: sellerId(request), productId: request.params.id, imageId: request.params.imageId }),
      }),
    );

    typed.patch(
      '/v1/seller/products/:id/images/order',
      {
        config: seller,
        schema: { tags, security, summary: 'Reorder the images (the first is the cover)', params: ZIdParams, body: ZImageOrderSchema, response: { 200: ZSellerProductResponseSchema } },
      },
      async (request) => ({
        message: 'Images reordered',
        data: await products.reorderImages({ sellerId: sellerId(request), productId: request.params.id, imageIds: request.body.imageIds }),
      }),
    );

    typed.post(
      '/v1/seller/products/:id/certifications/:certId/evidence',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Upload a certificate’s evidence (multipart field "evidence": an image or a PDF); replaces the previous file',
          consumes: ['multipart/form-data'],
          params: ZCertificationParams,
          response: { 200: ZSellerProductResponseSchema },
        },
      },
      async (request) => {
        const form = await readMultipartFiles(request, { maxFileBytes: EVIDENCE_MAX_BYTES, maxFiles: 1, fileFields: ['evidence'], fields: [] });
        const file = form.files[0];
        if (!file) throw new AppError('EVIDENCE_FILE_INVALID', 'evidence');
        return {
          message: 'Evidence uploaded',
          data: await products.setEvidence({ sellerId: sellerId(request), productId: request.params.id, certificationId: request.params.certId, file }),
        };
      },
    );
  };
}
