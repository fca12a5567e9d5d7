/** Floor 3 — product search (dialect specific behind SearchPort), suggestions, recent searches and the search routes. */
export { createSearch } from './create-search.js';
export { RecentSearchesService } from './recent-searches.service.js';
export type { SearchMatch, SearchPort } from './search.port.js';
export { searchRoutes } from './search.routes.js';
export { SuggestionsService } from './suggestions.service.js';
