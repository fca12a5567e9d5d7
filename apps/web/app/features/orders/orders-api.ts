import type { RefundDestination, TOrder, TOrderResponse, TOrderSummary, TReorderResponse } from '@tessera/contracts';
import { api } from '../../lib/api';

const order = (orderId: string) => `/v1/orders/${encodeURIComponent(orderId)}`;

export async function listOrders(
  state: 'active' | 'past',
  cursor?: string,
  signal?: AbortSignal,
): Promise<{ orders: TOrderSummary[]; nextCursor: string | null }> {
  const query = new URLSearchParams({ state });
  if (cursor) query.set('cursor', cursor);
  return (await api().get<{ data: { orders: TOrderSummary[]; nextCursor: string | null } }>(`/v1/orders?${query.toString()}`, { signal })).data;
}

export async function getOrder(orderId: string): Promise<TOrder> {
  return (await api().get<TOrderResponse>(order(orderId))).data;
}

export async function cancelStoreOrder(
  orderId: string,
  storeOrderId: string,
  reason: string,
  comments?: string,
  refundTo?: RefundDestination,
): Promise<TOrder> {
  const body = { reason, ...(comments ? { comments } : {}), ...(refundTo ? { refundTo } : {}) };
  return (await api().post<TOrderResponse>(`${order(orderId)}/store-orders/${encodeURIComponent(storeOrderId)}/cancel`, body)).data;
}

export async function askItemCancel(orderId: string, lineId: string, reason: string): Promise<TOrder> {
  return (await api().post<TOrderResponse>(`${order(orderId)}/lines/${encodeURIComponent(lineId)}/cancel-request`, { reason })).data;
}

export async function reorder(orderId: string): Promise<TReorderResponse['data']> {
  return (await api().post<TReorderResponse>(`${order(orderId)}/reorder`)).data;
}
