import type { StoreOrderStatus, TAdminOrdersResponse, TOrder, TStoreOrder } from '@tessera/contracts';
import { portalClient } from '../../portal-shell/clients';

/** The console's order calls (docs/orders.md), through the team member's session. */
const admin = () => portalClient('admin');

export interface AdminOrderFilters {
  search?: string;
  status?: StoreOrderStatus | '';
  paymentType?: 'COD' | 'Card' | 'Wallet' | '';
  /** yyyy-mm-dd, a UTC day. */
  from?: string;
  to?: string;
}

/** The filters as the API's query: dates become UTC milliseconds, `to` includes its whole day. */
export function adminOrdersQuery(filters: AdminOrderFilters, cursor?: string): string {
  const query = new URLSearchParams();
  if (filters.search?.trim()) query.set('search', filters.search.trim());
  if (filters.status) query.set('status', filters.status);
  if (filters.paymentType) query.set('paymentType', filters.paymentType);
  if (filters.from) query.set('from', String(Date.parse(`${filters.from}T00:00:00Z`)));
  if (filters.to) query.set('to', String(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000));
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

export async function listAdminOrders(filters: AdminOrderFilters, cursor?: string, signal?: AbortSignal): Promise<TAdminOrdersResponse['data']> {
  return (await admin().get<TAdminOrdersResponse>(`/v1/admin/orders?${adminOrdersQuery(filters, cursor)}`, { signal })).data;
}

export async function getAdminOrder(orderId: string, signal?: AbortSignal): Promise<TOrder> {
  return (await admin().get<{ data: TOrder }>(`/v1/admin/orders/${encodeURIComponent(orderId)}`, { signal })).data;
}

export async function refundStoreOrder(storeOrderId: string, body: { reason: string; comments?: string; to: 'original' | 'wallet' }): Promise<TStoreOrder> {
  return (await admin().post<{ data: TStoreOrder }>(`/v1/admin/store-orders/${encodeURIComponent(storeOrderId)}/refund`, body)).data;
}
