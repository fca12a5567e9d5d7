import type {
  TCategory,
  TSellerProduct,
  TSellerProductListItem,
  TQuotation,
  TQuotationAttachment,
  TQuotationRequest,
  TQuotationRequestDetail,
  TSellerQuotation,
} from '@tessera/contracts';
import { redirect } from 'react-router';
import { api } from '../../lib/api';
import { portalClient } from '../portal-shell/clients';

const one = (id: string) => encodeURIComponent(id);
/** A fresh key per user action: a retried request (the network dropped the answer) is answered once. */
export type RequestInput =
  | { kind: 'product'; productId: string; variantId?: string; quantity: number; wantedBy?: number; notes: string; attachmentIds: string[] }
  | {
      kind: 'rfq';
      categoryId: string;
      description: string;
      quantity: number;
      targetPrice?: number;
      deadline: number;
      materials: string[];
      certificates: string[];
      attachmentIds: string[];
    };

/** The buyer's side: requests, the comparison, accept, decline, withdraw, the chat link. */
export const quotationsApi = {
  list: async (signal?: AbortSignal) => (await api().get<{ data: TQuotationRequest[] }>('/v1/quotation-requests', { signal })).data,
  get: async (id: string, signal?: AbortSignal) => (await api().get<{ data: TQuotationRequestDetail }>(`/v1/quotation-requests/${one(id)}`, { signal })).data,
  create: async (input: RequestInput, idempotencyKey: string) =>
    (await api().post<{ data: TQuotationRequestDetail }>('/v1/quotation-requests', { ...input, idempotencyKey })).data,
  withdraw: async (id: string) => (await api().post<{ data: TQuotationRequestDetail }>(`/v1/quotation-requests/${one(id)}/withdraw`)).data,
  accept: async (id: string, idempotencyKey: string) =>
    (await api().post<{ data: { quotation: TQuotation; cartLineId: string } }>(`/v1/quotations/${one(id)}/accept`, { idempotencyKey })).data,
  decline: async (id: string) => {
    await api().post(`/v1/quotations/${one(id)}/decline`, {});
  },
  chat: async (id: string) => (await api().post<{ data: { conversationId: string } }>(`/v1/quotations/${one(id)}/chat`)).data.conversationId,
  upload: async (files: readonly File[]) => {
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    return (await api().post<{ data: TQuotationAttachment[] }>('/v1/quotations/attachments', form)).data;
  },
  categories: async (signal?: AbortSignal) => (await api().get<{ data: { categories: TCategory[] } }>('/v1/categories', { signal })).data.categories,
};

/** A request as the buyer fills it in: the files' ids come once they are uploaded. */
type WithoutFiles<T> = T extends unknown ? Omit<T, 'attachmentIds'> : never;
export type RequestFields = WithoutFiles<RequestInput>;

/** The buyer's request as the form sends it to the route's action: the request (JSON), its idempotency key and its files. */
export function requestForm(request: RequestFields, key: string, files: readonly File[]): FormData {
  const form = new FormData();
  form.set('request', JSON.stringify(request));
  form.set('key', key);
  for (const file of files) form.append('file', file, file.name);
  return form;
}

/** The route's action for `requestForm`: the files go up first, the request names them; done, the buyer goes to the new request. */
export async function sendRequest(form: FormData): Promise<Response> {
  const files = form.getAll('file') as File[];
  const attachmentIds = files.length > 0 ? (await quotationsApi.upload(files)).map((file) => file.id) : [];
  const request = JSON.parse(String(form.get('request'))) as RequestFields;
  const created = await quotationsApi.create({ ...request, attachmentIds } as RequestInput, String(form.get('key')));
  return redirect(`/profile/quotations/${one(created.id)}`);
}

export interface AnswerInput {
  productId?: string;
  unitPrice: number;
  tiers: Array<{ minQuantity: number; unitPrice: number }>;
  leadTimeDays: number;
  validUntil: number;
  terms: string;
  variantId?: string;
  attachmentIds: string[];
}

/** How many products of each group the answer form lists at once (the search finds the others). */
const PRODUCT_CHOICES = 60;
export interface ProductChoices {
  inCategory: TSellerProductListItem[];
  others: TSellerProductListItem[];
}

/** An answer as the form sends it to the route's action: the answer (JSON) and its files. */
export function answerForm(requestId: string, answer: Omit<AnswerInput, 'attachmentIds'>, files: readonly File[]): FormData {
  const form = new FormData();
  form.set('requestId', requestId);
  form.set('answer', JSON.stringify(answer));
  for (const file of files) form.append('file', file, file.name);
  return form;
}

/** The seller portal's side: inbox, open requests, answer, decline, withdraw. */
export const sellerQuotationsApi = {
  inbox: async (signal?: AbortSignal) => (await portalClient('seller').get<{ data: TSellerQuotation[] }>('/v1/seller/quotations', { signal })).data,
  open: async (signal?: AbortSignal) => (await portalClient('seller').get<{ data: TSellerQuotation[] }>('/v1/seller/quotation-requests/open', { signal })).data,
  answer: async (requestId: string, input: AnswerInput) =>
    (await portalClient('seller').post<{ data: TSellerQuotation }>(`/v1/seller/quotation-requests/${one(requestId)}/answer`, input)).data,
  /** The route's action for `answerForm`: the files are uploaded first, then the answer names them. */
  answerWithFiles: async (form: FormData) => {
    const files = form.getAll('file') as File[];
    const attachmentIds = files.length > 0 ? (await sellerQuotationsApi.upload(files)).map((file) => file.id) : [];
    const answer = JSON.parse(String(form.get('answer'))) as Omit<AnswerInput, 'attachmentIds'>;
    return sellerQuotationsApi.answer(String(form.get('requestId')), { ...answer, attachmentIds });
  },
  act: async (quotationId: string, action: 'decline' | 'withdraw') => {
    await portalClient('seller').post(`/v1/seller/quotations/${one(quotationId)}/${action}`, {});
  },
  /**
   * The store's published products to quote for a request: those of its category (and direct
   * subcategories) first, then the others; both narrowed by title (`q`, searched on the server, so a
   * store with hundreds of products finds any of them).
   */
  productsFor: async (options: { categoryId: string; q: string }): Promise<ProductChoices> => {
    const list = async (extra: Record<string, string>) => {
      const query = new URLSearchParams({ status: 'published', limit: String(PRODUCT_CHOICES), ...(options.q ? { q: options.q } : {}), ...extra });
      return (await portalClient('seller').get<{ data: { items: TSellerProductListItem[] } }>(`/v1/seller/products?${query.toString()}`)).data.items;
    };
    const [inCategory, all] = await Promise.all([list({ categoryId: options.categoryId }), list({})]);
    const ids = new Set(inCategory.map((product) => product.id));
    return { inCategory, others: all.filter((product) => !ids.has(product.id)) };
  },
  /** One product's variants: an RFQ's answer names the variant quoted when the product has some. */
  variants: async (productId: string) => (await portalClient('seller').get<{ data: TSellerProduct }>(`/v1/seller/products/${one(productId)}`)).data.variants,
  upload: async (files: readonly File[]) => {
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    return (await portalClient('seller').post<{ data: TQuotationAttachment[] }>('/v1/quotations/attachments', form)).data;
  },
};

export const adminQuotationsApi = {
  overview: async (signal?: AbortSignal) =>
    (await portalClient('admin').get<{ data: { requests: TQuotationRequest[]; totals: Record<string, number> } }>('/v1/admin/quotations', { signal })).data,
};
