/** Floor 1 — the catalog version (bumped after every committed write) and the read cache of finished answers keyed on it. */
export { CachedAnswer, JsonText, sendCached } from './cached-answer.js';
export { createCallerMemo } from './caller-memo.js';
export { type CatalogVersion, createCatalogVersion, REVIEWS_CHANNEL } from './catalog-version.js';
export { createReadCache, type ReadCache } from './read-cache.js';
