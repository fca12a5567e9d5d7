import type { TAddress, TAddressInput } from '@tessera/contracts';
import { api } from '../../lib/api';

/** The buyer's delivery addresses (seed §3 Address). The server keeps exactly one default. */
export const ADDRESSES_PATH = '/v1/customer/addresses';

export async function listAddresses(): Promise<TAddress[]> {
  return (await api().get<{ data: TAddress[] }>(ADDRESSES_PATH)).data;
}

export async function addAddress(input: TAddressInput): Promise<TAddress> {
  return (await api().post<{ data: TAddress }>(ADDRESSES_PATH, input)).data;
}

export async function updateAddress(id: string, input: TAddressInput): Promise<TAddress> {
  return (await api().request<{ data: TAddress }>('PUT', `${ADDRESSES_PATH}/${encodeURIComponent(id)}`, { body: input })).data;
}

export async function setDefaultAddress(id: string): Promise<TAddress> {
  return (await api().request<{ data: TAddress }>('PUT', `${ADDRESSES_PATH}/${encodeURIComponent(id)}/default`)).data;
}

export async function deleteAddress(id: string): Promise<void> {
  await api().request('DELETE', `${ADDRESSES_PATH}/${encodeURIComponent(id)}`);
}
