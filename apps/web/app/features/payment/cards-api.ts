import type { TSavedCard, TSavedCardsResponse } from '@tessera/contracts';
import { api } from '../../lib/api';

export async function listCards(signal?: AbortSignal): Promise<TSavedCard[]> {
  return (await api().get<TSavedCardsResponse>('/v1/profile/cards', { signal })).data.cards;
}

export async function removeCard(id: string): Promise<void> {
  await api().request('DELETE', `/v1/profile/cards/${encodeURIComponent(id)}`);
}
