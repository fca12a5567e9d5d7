/** Floor 4 — the listing: query parsing, the in-memory listing index, facet counts, the card cache and the listing service. */
export { CardCache } from './card-cache.js';
export { countByCategory, createListingIndexSource, type ListingIndex } from './listing-index.js';
export { listingJson } from './listing-json.js';
export { normalizedQueryKey } from './listing-query.js';
export { ListingService } from './listing.service.js';
