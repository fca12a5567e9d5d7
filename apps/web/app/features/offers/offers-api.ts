import type { TOffer } from '@tessera/contracts';
import { api } from '../../lib/api';

/** The active public promo codes, in the request's language and currency. */
export async function listOffers(): Promise<TOffer[]> {
  return (await api().get<{ data: { offers: TOffer[] } }>('/v1/offers')).data.offers;
}
