import type { DeliveryMode, TCheckoutRequest, TCheckoutResponse, TDeliverySlotsResponse } from '@tessera/contracts';
import { api } from '../../lib/api';

export type DeliverySlots = TDeliverySlotsResponse['data'];

export async function deliverySlots(storeId: string, mode: DeliveryMode): Promise<DeliverySlots> {
  const query = new URLSearchParams({ storeId, mode, days: '7' });
  return (await api().get<TDeliverySlotsResponse>(`/v1/delivery/slots?${query.toString()}`)).data;
}

/** Places the order; the same idempotency key sent again answers the same run (a retry never orders twice). */
export async function placeOrder(request: TCheckoutRequest): Promise<TCheckoutResponse['data']> {
  return (await api().post<TCheckoutResponse>('/v1/checkout', request, { headers: { 'Idempotency-Key': request.idempotencyKey } })).data;
}

/** The second step of a card payment (like 3-D Secure) on the built-in test gateway. */
export async function confirmPayment(paymentRef: string, result: 'complete' | 'fail'): Promise<void> {
  await api().post(`/v1/payments/${encodeURIComponent(paymentRef)}/confirm`, { result });
}

/** "MM/YY" or "MM/YYYY" → month and full year; undefined when it is not a date. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return undefined;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}
