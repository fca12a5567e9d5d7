import { CURRENCIES } from '@tessera/contracts';
import { parseCookieHeader } from '../../lib/cookies';
import { resolveWebContext } from '../../lib/context';
import type { ListingData, ListingPageData } from './components/ListingView';
import { parseListingParams, toApiQuery, type MultiKey } from './listing-url';
import { CatalogApiError, catalogGet, isSiteLocked, type CatalogLoaderArgs } from './server-api';

export const EMPTY_LISTING: ListingData = { items: [], total: 0, facets: [], nextCursor: null, correctedQuery: null, emptyMessage: null };

/**
 * Reads the listing state from the page URL and asks the API for that page of products with facet
 * counts. `fixed` are the filters the page's path sets (/c/:slug, /store/:alias). A URL the API
 * refuses (a filter value that does not exist) shows the empty result, not an error page.
 */
export async function loadListing(args: CatalogLoaderArgs, fixed: Partial<Record<MultiKey, string>> = {}): Promise<ListingPageData> {
  const cookies = parseCookieHeader(args.request.headers.get('cookie'));
  const ctx = resolveWebContext(args.context);
  const currency = cookies.currencyCode ?? ctx.config.defaultCurrency;
  const minorDigits = CURRENCIES.find((c) => c.code === currency)?.minorDigits ?? 2;
  const state = parseListingParams(new URL(args.request.url).searchParams, { minorDigits });
  for (const [key, value] of Object.entries(fixed) as [MultiKey, string][]) state.multi[key] = [value];
  if (isSiteLocked(args)) return { listing: EMPTY_LISTING, state };
  try {
    const listing = await catalogGet<ListingData>(args, `/v1/products${toApiQuery(state)}`);
    return { listing, state };
  } catch (error) {
    if (error instanceof CatalogApiError && error.status === 400) return { listing: EMPTY_LISTING, state };
    throw error;
  }
}
