import type { TCardSource, TPoints, TWallet, TWalletTopUpResponse } from '@tessera/contracts';
import { api } from '../../lib/api';

export async function getWallet(cursor?: string, signal?: AbortSignal): Promise<TWallet> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return (await api().get<{ data: TWallet }>(`/v1/profile/wallet${query}`, { signal })).data;
}

/** Adds money by card; the same idempotency key is one charge however often it is sent. */
export async function topUp(amount: number, card: TCardSource, idempotencyKey: string): Promise<TWalletTopUpResponse['data']> {
  return (await api().post<TWalletTopUpResponse>('/v1/profile/wallet/topups', { amount, card }, { headers: { 'Idempotency-Key': idempotencyKey } })).data;
}

/** The top-up's second step (3-D Secure on the test gateway): complete or fail. */
export async function confirmTopUp(paymentRef: string, result: 'complete' | 'fail'): Promise<TWalletTopUpResponse['data']> {
  return (await api().post<TWalletTopUpResponse>(`/v1/profile/wallet/topups/${encodeURIComponent(paymentRef)}/confirm`, { result })).data;
}

export async function getPoints(signal?: AbortSignal): Promise<TPoints> {
  return (await api().get<{ data: TPoints }>('/v1/profile/points', { signal })).data;
}
