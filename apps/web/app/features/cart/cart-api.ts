import type { DeliveryMode, TCartAddRequest, TCartResponse } from '@tessera/contracts';
import { api } from '../../lib/api';
import { storedLocation } from './location';

/** Seed storage key of the promo code the buyer applied; a failed cart fetch clears it (seed §4). */
export const PROMO_STORAGE_KEY = 'appliedPromocode';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function storedPromoCode(): string | undefined {
  return storage()?.getItem(PROMO_STORAGE_KEY) || undefined;
}

export function storePromoCode(code: string | undefined): void {
  try {
    if (code) storage()?.setItem(PROMO_STORAGE_KEY, code);
    else storage()?.removeItem(PROMO_STORAGE_KEY);
  } catch {
    // Without storage the code lasts as long as the page.
  }
}

/** Seed 'get cart' query: latitude, longitude and the stored promo code. */
function cartQuery(): string {
  const params = new URLSearchParams();
  const location = storedLocation();
  if (location) {
    params.set('latitude', String(location.latitude));
    params.set('longitude', String(location.longitude));
  }
  const promo = storedPromoCode();
  if (promo) params.set('promoCode', promo);
  const query = params.toString();
  return query ? `?${query}` : '';
}

const line = (lineId: string) => `/v1/cart/lines/${encodeURIComponent(lineId)}`;

/** The cart API (apps/server/src/modules/cart): every answer is the whole priced cart. */
export const cartApi = {
  get: () => api().get<TCartResponse>(`/v1/cart${cartQuery()}`),
  add: (input: TCartAddRequest) => api().post<TCartResponse>(`/v1/cart${cartQuery()}`, input),
  setQuantity: (lineId: string, quantity: number) =>
    api().request<TCartResponse>('PATCH', `${line(lineId)}${cartQuery()}`, {
      body: { quantity },
    }),
  remove: (lineId: string) => api().request<TCartResponse>('DELETE', `${line(lineId)}${cartQuery()}`),
  setDeliveryMode: (deliveryMode: DeliveryMode) => api().request<TCartResponse>('PUT', `/v1/cart/delivery-mode${cartQuery()}`, { body: { deliveryMode } }),
};
