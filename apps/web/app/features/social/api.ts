import type { TFavouriteIds, TFavourites, TProductReviews, TReviewable, TReviewDetail, TSharedWishlist, TWishlist, TWishlistSummary } from '@tessera/contracts';
import { api } from '../../lib/api';

/** The buyer's (or guest's) side of the social module: favourites, wishlists and reviews. */
const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

export const favouritesApi = {
  ids: async () => (await api().get<{ data: TFavouriteIds }>('/v1/favourites/ids')).data,
  list: async (signal?: AbortSignal) => (await api().get<{ data: TFavourites }>('/v1/favourites', { signal })).data,
  set: async (kind: 'products' | 'stores', id: string, favourite: boolean) => {
    const url = `/v1/favourites/${kind}/${encodeURIComponent(id)}`;
    await api().request(favourite ? 'PUT' : 'DELETE', url);
  },
};

export const wishlistsApi = {
  list: async (signal?: AbortSignal) => (await api().get<{ data: { wishlists: TWishlistSummary[] } }>('/v1/wishlists', { signal })).data.wishlists,
  get: async (id: string, signal?: AbortSignal) => (await api().get<{ data: TWishlist }>(`/v1/wishlists/${path(id)}`, { signal })).data,
  create: async (name: string) => (await api().post<{ data: TWishlistSummary }>('/v1/wishlists', { name })).data,
  rename: async (id: string, name: string) => (await api().request<{ data: TWishlistSummary }>('PATCH', `/v1/wishlists/${path(id)}`, { body: { name } })).data,
  remove: async (id: string) => {
    await api().request('DELETE', `/v1/wishlists/${path(id)}`);
  },
  addProduct: async (id: string, productId: string) => (await api().post<{ data: TWishlistSummary }>(`/v1/wishlists/${path(id)}/products`, { productId })).data,
  removeProduct: async (id: string, productId: string) =>
    (await api().request<{ data: TWishlistSummary }>('DELETE', `/v1/wishlists/${path(id, 'products', productId)}`)).data,
  share: async (id: string) => (await api().post<{ data: TWishlistSummary }>(`/v1/wishlists/${path(id)}/share`)).data,
  unshare: async (id: string) => (await api().request<{ data: TWishlistSummary }>('DELETE', `/v1/wishlists/${path(id)}/share`)).data,
  shared: async (token: string) => (await api().get<{ data: TSharedWishlist }>(`/v1/shared-wishlists/${path(token)}`)).data,
};

export const reviewsApi = {
  forProduct: async (productId: string, options: { cursor?: string; rating?: number } = {}) => {
    const query = new URLSearchParams();
    if (options.cursor) query.set('cursor', options.cursor);
    if (options.rating) query.set('rating', String(options.rating));
    const q = query.toString();
    return (await api().get<{ data: TProductReviews }>(`/v1/products/${path(productId)}/reviews${q ? `?${q}` : ''}`)).data;
  },
  mine: async (signal?: AbortSignal) =>
    (await api().get<{ data: { reviewable: TReviewable[]; reviewed: TReviewDetail[] } }>('/v1/reviews/mine', { signal })).data,
  create: async (input: { productId: string; orderLineId?: string; rating: number; text: string }) =>
    (await api().post<{ data: TReviewDetail }>('/v1/reviews', input)).data,
  update: async (id: string, patch: { rating?: number; text?: string }) =>
    (await api().request<{ data: TReviewDetail }>('PATCH', `/v1/reviews/${path(id)}`, { body: patch })).data,
  addPhotos: async (id: string, files: readonly File[]) => {
    const form = new FormData();
    for (const file of files) form.append('photos', file, file.name);
    return (await api().post<{ data: TReviewDetail }>(`/v1/reviews/${path(id)}/photos`, form)).data;
  },
  removePhoto: async (id: string, photoId: string) =>
    (await api().request<{ data: TReviewDetail }>('DELETE', `/v1/reviews/${path(id, 'photos', photoId)}`)).data,
};
