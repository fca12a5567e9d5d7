import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZFavouriteIdsResponseSchema,
  ZFavouritesResponseSchema,
  ZFavouriteToggleResponseSchema,
  ZSharedWishlistResponseSchema,
  ZWishlistInputSchema,
  ZWishlistItemInputSchema,
  ZWishlistResponseSchema,
  ZWishlistsResponseSchema,
  zId,
} from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import type { FavouritesService } from './favourites.service.js';
import type { WishlistsService } from './wishlists.service.js';

const ZProductParams = z.object({ productId: zId() });
const ZStoreParams = z.object({ storeId: zId() });
const ZIdParams = z.object({ id: zId() });
const ZItemParams = ZIdParams.extend({ productId: zId() });
const ZTokenParams = z.object({ token: z.string().min(1).max(100) });
const ZWishlistSummaryResponseSchema = z.object({ message: z.string(), data: ZWishlistsResponseSchema.shape.data.shape.wishlists.element });
const ZOkSchema = z.object({ message: z.string() });

/** Favourites (buyers and guests) and wishlists (buyers), issue #13 §3. */
export function favouritesRoutes(deps: { favourites: FavouritesService; wishlists: WishlistsService }): FastifyPluginAsync {
  const { favourites, wishlists } = deps;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    // A guest's favourites are kept on his guest session and move to the account at signup or login.
    const owner = { access: ['guest', 'buyer'] } as const;
    const buyer = { access: ['buyer'] } as const;
    const security = [{ accessToken: [] }];
    const tags = ['favourites'];
    const me = (request: FastifyRequest) => request.auth.userId;

    typed.get(
      '/v1/favourites',
      {
        config: owner,
        schema: { tags, security, summary: 'The caller’s favourite products (cards) and stores, newest first', response: { 200: ZFavouritesResponseSchema } },
      },
      async (request) => ({ message: 'Favourites', data: await favourites.list({ ownerId: me(request), language: requestLanguage(request) }) }),
    );
    typed.get(
      '/v1/favourites/ids',
      {
        config: owner,
        schema: {
          tags,
          security,
          summary: 'The ids of the caller’s favourite products and stores (the hearts)',
          response: { 200: ZFavouriteIdsResponseSchema },
        },
      },
      async (request) => ({ message: 'Favourites', data: await favourites.ids({ ownerId: me(request) }) }),
    );
    typed.put(
      '/v1/favourites/products/:productId',
      {
        config: owner,
        schema: {
          tags,
          security,
          summary: 'Make a published product a favourite (twice is harmless)',
          params: ZProductParams,
          response: { 200: ZFavouriteToggleResponseSchema },
        },
      },
      async (request) => {
        await favourites.setProduct({ ownerId: me(request), productId: request.params.productId, favourite: true });
        return { message: 'Added to favourites', data: { favourite: true } };
      },
    );
    typed.delete(
      '/v1/favourites/products/:productId',
      {
        config: owner,
        schema: { tags, security, summary: 'No longer a favourite', params: ZProductParams, response: { 200: ZFavouriteToggleResponseSchema } },
      },
      async (request) => {
        await favourites.setProduct({ ownerId: me(request), productId: request.params.productId, favourite: false });
        return { message: 'Removed from favourites', data: { favourite: false } };
      },
    );
    typed.put(
      '/v1/favourites/stores/:storeId',
      {
        config: owner,
        schema: { tags, security, summary: 'Make an approved store a favourite', params: ZStoreParams, response: { 200: ZFavouriteToggleResponseSchema } },
      },
      async (request) => {
        await favourites.setStore({ ownerId: me(request), storeId: request.params.storeId, favourite: true });
        return { message: 'Added to favourites', data: { favourite: true } };
      },
    );
    typed.delete(
      '/v1/favourites/stores/:storeId',
      {
        config: owner,
        schema: { tags, security, summary: 'No longer a favourite store', params: ZStoreParams, response: { 200: ZFavouriteToggleResponseSchema } },
      },
      async (request) => {
        await favourites.setStore({ ownerId: me(request), storeId: request.params.storeId, favourite: false });
        return { message: 'Removed from favourites', data: { favourite: false } };
      },
    );

    const wishlistTags = ['wishlists'];
    typed.get(
      '/v1/wishlists',
      { config: buyer, schema: { tags: wishlistTags, security, summary: 'The buyer’s wishlists, oldest first', response: { 200: ZWishlistsResponseSchema } } },
      async (request) => ({ message: 'Wishlists', data: { wishlists: await wishlists.list({ ownerId: me(request) }) } }),
    );
    typed.post(
      '/v1/wishlists',
      {
        config: buyer,
        schema: {
          tags: wishlistTags,
          security,
          summary: 'Create a named wishlist (409 WISHLIST_LIMIT past 50)',
          body: ZWishlistInputSchema,
          response: { 200: ZWishlistSummaryResponseSchema },
        },
      },
      async (request) => ({ message: 'Wishlist created', data: await wishlists.create({ ownerId: me(request), name: request.body.name }) }),
    );
    typed.get(
      '/v1/wishlists/:id',
      {
        config: buyer,
        schema: {
          tags: wishlistTags,
          security,
          summary: 'One of the buyer’s wishlists with its products',
          params: ZIdParams,
          response: { 200: ZWishlistResponseSchema },
        },
      },
      async (request) => ({
        message: 'Wishlist',
        data: await wishlists.get({ ownerId: me(request), id: request.params.id, language: requestLanguage(request) }),
      }),
    );
    typed.patch(
      '/v1/wishlists/:id',
      {
        config: buyer,
        schema: {
          tags: wishlistTags,
          security,
          summary: 'Rename a wishlist',
          params: ZIdParams,
          body: ZWishlistInputSchema,
          response: { 200: ZWishlistSummaryResponseSchema },
        },
      },
      async (request) => ({
        message: 'Wishlist renamed',
        data: await wishlists.rename({ ownerId: me(request), id: request.params.id, name: request.body.name }),
      }),
    );
    typed.delete(
      '/v1/wishlists/:id',
      {
        config: buyer,
        schema: { tags: wishlistTags, security, summary: 'Delete a wishlist (its share link stops working)', params: ZIdParams, response: { 200: ZOkSchema } },
      },
      async (request) => {
        await wishlists.remove({ ownerId: me(request), id: request.params.id });
        return { message: 'Wishlist deleted' };
      },
    );
    typed.post(
      '/v1/wishlists/:id/products',
      {
        config: buyer,
        schema: {
          tags: wishlistTags,
          security,
          summary: 'Add a published product (twice keeps it once)',
          params: ZIdParams,
          body: ZWishlistItemInputSchema,
          response: { 200: ZWishlistSummaryResponseSchema },
        },
      },
      async (request) => ({
        message: 'Added to wishlist',
        data: await wishlists.addProduct({ ownerId: me(request), id: request.params.id, productId: request.body.productId }),
      }),
    );
    typed.delete(
      '/v1/wishlists/:id/products/:productId',
      {
        config: buyer,
        schema: {
          tags: wishlistTags,
          security,
          summary: 'Remove a product from a wishlist',
          params: ZItemParams,
          response: { 200: ZWishlistSummaryResponseSchema },
        },
      },
      async (request) => ({
        message: 'Removed from wishlist',
        data: await wishlists.removeProduct({ ownerId: me(request), id: request.params.id, productId: request.params.productId }),
      }),
    );
    typed.post(
      '/v1/wishlists/:id/share',
      {
        config: buyer,
        schema: {
          tags: wishlistTags,
          security,
          summary: 'Share by link: `shareToken` names the read-only page /wishlists/shared/{token}',
          params: ZIdParams,
          response: { 200: ZWishlistSummaryResponseSchema },
        },
      },
      async (request) => ({ message: 'Wishlist shared', data: await wishlists.share({ ownerId: me(request), id: request.params.id }) }),
    );
    typed.delete(
      '/v1/wishlists/:id/share',
      {
        config: buyer,
        schema: {
          tags: wishlistTags,
          security,
          summary: 'Stop sharing: every link given out stops working',
          params: ZIdParams,
          response: { 200: ZWishlistSummaryResponseSchema },
        },
      },
      async (request) => ({ message: 'Wishlist no longer shared', data: await wishlists.unshare({ ownerId: me(request), id: request.params.id }) }),
    );
    typed.get(
      '/v1/shared-wishlists/:token',
      {
        config: { access: 'public' },
        schema: {
          tags: wishlistTags,
          summary: 'A shared wishlist, read-only (404 once unshared)',
          params: ZTokenParams,
          response: { 200: ZSharedWishlistResponseSchema },
        },
      },
      async (request) => ({ message: 'Wishlist', data: await wishlists.shared({ token: request.params.token, language: requestLanguage(request) }) }),
    );
  };
}
