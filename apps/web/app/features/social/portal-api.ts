import type { ReviewStatus, TReviewDetail } from '@tessera/contracts';
import { portalClient } from '../portal-shell/clients';

export type ReviewPage = { items: TReviewDetail[]; nextCursor: string | null };
type Page = ReviewPage;
const query = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  return q.size > 0 ? `?${q.toString()}` : '';
};
const one = (id: string) => encodeURIComponent(id);

/** The seller's reviews (his store's products) and his one answer to each. */
export const sellerReviewsApi = {
  list: async (cursor?: string, signal?: AbortSignal) =>
    (await portalClient('seller').get<{ data: Page }>(`/v1/seller/reviews${query({ cursor })}`, { signal })).data,
  answer: async (id: string, text: string) =>
    (await portalClient('seller').post<{ data: TReviewDetail }>(`/v1/seller/reviews/${one(id)}/answer`, { text })).data,
};

/** The store team's moderation: every review by state, hide with a reason, show again. */
export const adminReviewsApi = {
  list: async (status: ReviewStatus, cursor?: string, signal?: AbortSignal) =>
    (await portalClient('admin').get<{ data: Page }>(`/v1/admin/reviews${query({ status, cursor })}`, { signal })).data,
  hide: async (id: string, reason: string) => (await portalClient('admin').post<{ data: TReviewDetail }>(`/v1/admin/reviews/${one(id)}/hide`, { reason })).data,
  unhide: async (id: string) => (await portalClient('admin').post<{ data: TReviewDetail }>(`/v1/admin/reviews/${one(id)}/unhide`)).data,
};
