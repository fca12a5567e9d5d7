import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { productInput } from './seller-catalog.js';
import { pdfBytes } from './accounts.js';
import { SAMPLE_ADDRESS } from './buying.js';
import { multipartBody } from './roles.js';
import { newId as randomUUIDv7 } from '../lib/ids.js';
import sharp from 'sharp';

/**
 * What the ID-swap test (http/id-swap.test.ts) sends besides the id it tries, for the routes where
 * a request made up from the schema alone would be refused for something else before the id is even
 * looked at (such a refusal proves nothing): a valid body, the headers or query the route also needs,
 * a multipart body, and what must happen first for the control (the caller's own id) to go through.
 * `id(kind)` is the caller's own id of a kind; the test then puts another user's at the field it tries.
 */
export interface SwapContext {
  app: FastifyInstance;
  /** The caller's access token. */
  token: string;
  /** The caller's own id of a kind. */
  id: (kind: string) => string;
  /** The caller's ids by kind, for a `prepare` that makes a new one. */
  own: Partial<Record<string, string>>;
  /** The id tried (`body.card.savedCardId`). */
  key: string;
}

export interface SwapRequest {
  body?: (context: SwapContext) => unknown;
  multipart?: () => Promise<{ payload: Buffer; contentType: string }>;
  headers?: () => Record<string, string>;
  query?: (id: (kind: string) => string) => Record<string, string>;
  /** Before each request: put back what an earlier control used up. */
  prepare?: (context: SwapContext) => Promise<unknown>;
}

const key = () => `swap-${randomBytes(6).toString('hex')}`;
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#5d4037' } })
    .png()
    .toBuffer();
/** A product input that keeps the caller's product as it is: its variant and certificate by id. */
const product = ({ id }: SwapContext) => {
  const input = productInput(id('category'), { variants: [{ id: id('variant'), colour: 'red', size: 'S', stock: 5 }] });
  return { ...input, certifications: input.certifications.map((c) => ({ ...c, id: id('certification') })) };
};
/** The caller's own product back in the cart (a checkout, a clear or a delete emptied it); the cart's and line's ids now. */
async function refillCart({ app, token, id, own }: SwapContext) {
  const headers = { authorization: token };
  await app.inject({ method: 'POST', url: '/v1/cart', headers, payload: { productId: id('cartProduct'), variantId: id('cartVariant'), quantity: 2 } });
  const cart = (await app.inject({ url: '/v1/cart', headers })).json().data;
  own.cart = cart.cartId;
  own.cartLine = cart.sellers[0].products[0].variants[0].lineId;
}

export const SWAP_REQUESTS: Record<string, SwapRequest> = {
  'PUT /v1/customer/addresses/{id}': { body: () => ({ ...SAMPLE_ADDRESS, flatNumber: 'Flat 9' }) },
  'POST /v1/seller/products': { body: ({ id }) => productInput(id('category'), { variants: [{ colour: 'red', size: 'S', stock: 5 }] }) },
  'PATCH /v1/seller/products/{id}': { body: product },
  'PATCH /v1/seller/products/{id}/stock': { body: ({ id }) => ({ variants: [{ id: id('variant'), stock: 7 }] }) },
  'POST /v1/seller/products/{id}/images': {
    multipart: async () => multipartBody([{ name: 'images', data: await png(), filename: 'throw.png', type: 'image/png' }]),
  },
  'PATCH /v1/seller/products/{id}/images/order': {
    body: async ({ app, id }) => ({
      imageIds: (await app.db.kysely.selectFrom('product_images').select('id').where('product_id', '=', id('product')).orderBy('position').execute()).map(
        (r) => r.id,
      ),
    }),
  },
  // Each control deletes the caller's image: a new one first.
  'DELETE /v1/seller/products/{id}/images/{imageId}': {
    prepare: async ({ app, token, id, own }) => {
      const form = await multipartBody([{ name: 'images', data: await png(), filename: 'again.png', type: 'image/png' }]);
      const product = (
        await app.inject({
          method: 'POST',
          url: `/v1/seller/products/${id('product')}/images`,
          headers: { authorization: token, 'content-type': form.contentType },
          payload: form.payload,
        })
      ).json().data;
      own.productImage = product.images.at(-1).id;
    },
  },
  'POST /v1/seller/products/{id}/certifications/{certId}/evidence': {
    multipart: () => multipartBody([{ name: 'evidence', data: pdfBytes(), filename: 'gots.pdf', type: 'application/pdf' }]),
  },
  'POST /v1/cart': { body: ({ id }) => ({ productId: id('cartProduct'), variantId: id('cartVariant'), quantity: 2 }) },
  'PATCH /v1/cart/lines/{lineId}': { body: () => ({ quantity: 3 }), prepare: refillCart },
  'DELETE /v1/cart/lines/{lineId}': { prepare: refillCart },
  'POST /v1/checkout': {
    body: ({ id, key: tried }) => ({
      idempotencyKey: key(),
      addressId: id('address'),
      ...(tried === 'body.card.savedCardId' ? { paymentType: 'Card', card: { savedCardId: id('card') } } : { paymentType: 'COD' }),
    }),
    prepare: refillCart,
  },
  'POST /v1/commissions/{id}/deposit': { body: ({ id }) => ({ method: 'card', card: { savedCardId: id('card') } }), headers: () => ({ 'idempotency-key': key() }) },
  'POST /v1/commissions/{id}/balance': { body: ({ id }) => ({ method: 'card', card: { savedCardId: id('card') } }), headers: () => ({ 'idempotency-key': key() }) },
  'POST /v1/profile/wallet/topups': { body: ({ id }) => ({ amount: 1000, card: { savedCardId: id('card') } }), headers: () => ({ 'idempotency-key': key() }) },
  'POST /v1/seller/orders/{storeOrderId}/status': { body: ({ id }) => ({ status: 'out_for_delivery', driverId: id('driver') }) },
  // The seller answers a buyer's request: the buyer asks again before each (a refusal reopens the line).
  'POST /v1/seller/orders/{storeOrderId}/lines/{lineId}/cancel-request': {
    body: () => ({ decision: 'refuse', comments: 'Already packed' }),
    prepare: ({ app, id }) =>
      app.inject({
        method: 'POST',
        url: `/v1/orders/${id('order')}/lines/${id('orderLine')}/cancel-request`,
        headers: { authorization: id('buyerToken') },
        payload: { reason: 'Ordered by mistake' },
      }),
  },
  'POST /v1/orders/{orderId}/lines/{lineId}/cancel-request': { body: () => ({ reason: 'Ordered by mistake' }) },
  'GET /chat/attachment/{attachmentId}': { query: (id) => Object.fromEntries(new URLSearchParams(id('attachmentLink'))) },
  'PUT /chat/conversation/admin': { body: ({ id }) => ({ conversationId: id('conversation'), memberId: id('chatUser') }) },
  'POST /chat/message': {
    body: ({ id }) => ({ conversationId: id('conversation'), messageId: key(), body: 'Hello again', attachmentIds: [id('attachment')] }),
  },
  'DELETE /chat/message': { body: ({ id }) => ({ conversationId: id('conversation'), messageId: id('message'), forEveryone: false }) },
  'PUT /chat/messages/read': { body: ({ id }) => ({ conversationId: id('conversation'), messageId: id('message') }) },
  'PUT /chat/messages/delivered': { body: ({ id }) => ({ conversationId: id('conversation'), messageId: id('message') }) },
  'POST /v1/commissions/{id}/images': { multipart: async () => multipartBody([{ name: 'images', data: await png(), filename: 'lamp.png', type: 'image/png' }]) },
  'POST /v1/seller/commissions/{id}/proofs': { multipart: async () => multipartBody([{ name: 'images', data: await png(), filename: 'proof.png', type: 'image/png' }]) },
  'POST /v1/reviews/{id}/photos': { multipart: async () => multipartBody([{ name: 'photos', data: await png(), filename: 'rug.png', type: 'image/png' }]) },
  // Each control removes the caller's photo: a new one first.
  'DELETE /v1/reviews/{id}/photos/{photoId}': {
    prepare: async ({ app, id, own }) => {
      const review = await app.db.kysely.selectFrom('reviews').select(['id', 'buyer_id']).where('id', '=', id('review')).executeTakeFirstOrThrow();
      const upload = await app.services.uploads.saveChecked({ ownerId: review.buyer_id, purpose: 'review-photo', data: await png(), field: 'photos', subject: { kind: 'review', id: review.id } });
      own.reviewPhoto = randomUUIDv7();
      await app.db.kysely.insertInto('review_photos').values({ id: own.reviewPhoto, review_id: review.id, upload_id: upload.id, position: 9, created_at: Date.now() }).execute();
    },
  },
  // The caller's own delivered-or-not line of the product he bought (the world's order is on its way).
  'POST /v1/reviews': { body: ({ id }) => ({ productId: id('cartProduct'), orderLineId: id('orderLine'), rating: 4 }) },
  'POST /chat/offer': { body: ({ id }) => ({ conversationId: id('conversation'), kind: 'sale', itemId: id('chatItem'), quantity: 1, price: 100 }) },
};

/**
 * Ids a route cannot reach yet: the request is refused for another field before the id is looked at,
 * for the reason given. While that holds the swap proves nothing and is not counted; once the route
 * reaches the id, it is tried like any other (nothing to change here but this entry).
 */
export const UNREACHED: Record<string, { code: string; reason: string }> = {
  'POST /v1/commissions/{id}/payments/{paymentRef}/confirm commissions/{id}': {
    code: 'NOT_FOUND',
    reason: 'the walk has no card payment of the caller’s own commission waiting for its second step (modules/commissions tests it)',
  },
};
