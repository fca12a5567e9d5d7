import type { ProductStatus, TBrand, TCategory, TImage, TProductInput, TProductPatch, TSellerProduct, TSellerProductListItem, TStockUpdate } from '@tessera/contracts';
import type { HttpClient } from '../../../lib/http';
import { portalClient } from '../../portal-shell/clients';

/** The seller catalog API (apps/server/src/modules/catalog, issue #4). */
export const PRODUCTS_PATH = '/v1/seller/products';

export interface ProductPage {
  items: TSellerProductListItem[];
  nextCursor: string | null;
}

type Envelope<T> = { message?: string; data: T };
const productPath = (id: string) => `${PRODUCTS_PATH}/${encodeURIComponent(id)}`;

export function listProducts(
  client: HttpClient,
  query: { q?: string; status?: ProductStatus | ''; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<ProductPage> {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.cursor) params.set('cursor', query.cursor);
  params.set('limit', String(query.limit ?? 20));
  return client.get<Envelope<ProductPage>>(`${PRODUCTS_PATH}?${params}`, { signal }).then((a) => a.data);
}

/** A product as the list shows it, from the full product a change answered. */
export function listItemOf(product: TSellerProduct): TSellerProductListItem {
  return {
    id: product.id,
    slug: product.slug,
    status: product.status,
    title: product.title,
    currency: product.currency,
    price: product.price,
    mrp: product.mrp,
    stock: product.stock,
    stockState: product.stockState,
    variantCount: product.variants.length,
    image: product.images[0] ?? null,
    updatedAt: product.updatedAt,
    publishedAt: product.publishedAt,
  };
}

export const getProduct = (client: HttpClient, id: string, signal?: AbortSignal) =>
  client.get<Envelope<TSellerProduct>>(productPath(id), { signal }).then((a) => a.data);

export const createProduct = (client: HttpClient, input: TProductInput) =>
  client.post<Envelope<TSellerProduct>>(PRODUCTS_PATH, input).then((a) => a.data);

export const updateProduct = (client: HttpClient, id: string, patch: TProductPatch) =>
  client.request<Envelope<TSellerProduct>>('PATCH', productPath(id), { body: patch }).then((a) => a.data);

export const deleteProduct = (client: HttpClient, id: string) => client.request<unknown>('DELETE', productPath(id));

/** 403 STORE_NOT_APPROVED while the store is not approved; 400 PRODUCT_INCOMPLETE without an image or English texts. */
export const setPublished = (client: HttpClient, id: string, publish: boolean) =>
  client.post<Envelope<TSellerProduct>>(`${productPath(id)}/${publish ? 'publish' : 'unpublish'}`).then((a) => a.data);

export const updateStock = (client: HttpClient, id: string, update: TStockUpdate) =>
  client.request<Envelope<TSellerProduct>>('PATCH', `${productPath(id)}/stock`, { body: update }).then((a) => a.data);

/** Adds photos in one request (multipart field "images"); the server processes them in order. */
export async function uploadImages(client: HttpClient, id: string, files: readonly File[]): Promise<TSellerProduct> {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  return client.post<Envelope<TSellerProduct>>(`${productPath(id)}/images`, form).then((a) => a.data);
}

export const deleteImage = (client: HttpClient, id: string, imageId: string) =>
  client.request<Envelope<TSellerProduct>>('DELETE', `${productPath(id)}/images/${encodeURIComponent(imageId)}`).then((a) => a.data);

export const reorderImages = (client: HttpClient, id: string, images: readonly TImage[]) =>
  client
    .request<Envelope<TSellerProduct>>('PATCH', `${productPath(id)}/images/order`, { body: { imageIds: images.map((image) => image.id) } })
    .then((a) => a.data);

/** A certificate's scan or PDF (multipart field "evidence"); replaces the previous file. */
export async function uploadEvidence(client: HttpClient, id: string, certId: string, file: File): Promise<TSellerProduct> {
  const form = new FormData();
  form.append('evidence', file, file.name);
  return client.post<Envelope<TSellerProduct>>(`${productPath(id)}/certifications/${encodeURIComponent(certId)}/evidence`, form).then((a) => a.data);
}

/** Lists answer `data` as an array, or as `{ items }` / `{ categories }` / `{ brands }`. */
function listOf<T>(data: unknown, key: string): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const name of ['items', key, 'data']) if (Array.isArray(record[name])) return record[name] as T[];
  }
  return [];
}

export const listCategories = (client: HttpClient, signal?: AbortSignal) =>
  client.get<Envelope<unknown>>('/v1/categories', { signal, auth: false }).then((a) => listOf<TCategory>(a.data, 'categories'));

export const listBrands = (client: HttpClient, signal?: AbortSignal) =>
  client.get<Envelope<unknown>>('/v1/brands', { signal, auth: false }).then((a) => listOf<TBrand>(a.data, 'brands'));

/**
 * The product form's category and brand lists (public, in the page's language) for the new and edit
 * routes' loaders. Neither is needed to save a draft: a list that fails to load is shown empty, as before.
 */
export async function loadChoices(signal: AbortSignal): Promise<{ categories: TCategory[]; brands: TBrand[] }> {
  const client = portalClient('seller');
  const [categories, brands] = await Promise.all([listCategories(client, signal).catch(() => []), listBrands(client, signal).catch(() => [])]);
  return { categories, brands };
}
