import type { StoreOrderStatus, TDriver, TSellerStatusChangeRequest, TStoreOrder, TStoreTotals } from '@tessera/contracts';
import { portalClient } from '../../portal-shell/clients';

/** The seller portal's order calls (docs/orders.md), through the seller's own session. */
const seller = () => portalClient('seller');
const one = (id: string) => `/v1/seller/orders/${encodeURIComponent(id)}`;

export async function listStoreOrders(
  filters: { status?: StoreOrderStatus | undefined; cancelRequests?: boolean; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<{ storeOrders: TStoreOrder[]; nextCursor: string | null }> {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.cancelRequests) query.set('cancelRequests', 'true');
  if (filters.cursor) query.set('cursor', filters.cursor);
  return (await seller().get<{ data: { storeOrders: TStoreOrder[]; nextCursor: string | null } }>(`/v1/seller/orders?${query.toString()}`, { signal })).data;
}

export async function storeTotals(signal?: AbortSignal): Promise<TStoreTotals> {
  return (await seller().get<{ data: TStoreTotals }>('/v1/seller/orders/summary', { signal })).data;
}

export async function getStoreOrder(id: string, signal?: AbortSignal): Promise<TStoreOrder> {
  return (await seller().get<{ data: TStoreOrder }>(one(id), { signal })).data;
}

export async function changeStoreOrderStatus(id: string, change: TSellerStatusChangeRequest): Promise<TStoreOrder> {
  return (await seller().post<{ data: TStoreOrder }>(`${one(id)}/status`, change)).data;
}

export async function decideCancelRequest(id: string, lineId: string, decision: 'accept' | 'refuse'): Promise<TStoreOrder> {
  return (await seller().post<{ data: TStoreOrder }>(`${one(id)}/lines/${encodeURIComponent(lineId)}/cancel-request`, { decision })).data;
}

export async function listDrivers(signal?: AbortSignal): Promise<TDriver[]> {
  return (await seller().get<{ data: { drivers: TDriver[] } }>('/v1/seller/drivers', { signal })).data.drivers;
}
