import type { Kysely } from 'kysely';
import type { TAppConfig } from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import { createDictionary } from '../model/index.js';
import { type CatalogVersion, type CachedAnswer, createReadCache, type ReadCache } from '../cache/index.js';
import { CommonDataService } from './common-data.service.js';
import { createListingIndexSource, ListingService, CardCache } from '../listing/index.js';
import { ProductReadService } from './product-read.service.js';
import type { SearchPort } from '../search/index.js';
import { StoresPublicService } from './stores-public.service.js';

/** The buyers' read side, wired once per app: services sharing one dictionary and one read cache. */
export interface CatalogRead {
  listing: ListingService;
  products: ProductReadService;
  stores: StoresPublicService;
  common: CommonDataService;
  cache: ReadCache<CachedAnswer>;
}

export function createCatalogRead(deps: {
  db: Kysely<Database>;
  version: CatalogVersion;
  search: () => SearchPort | undefined;
  appConfig: TAppConfig;
  cursorKey: Uint8Array;
}): CatalogRead {
  const currentVersion = () => deps.version.current();
  const dictionary = createDictionary(deps.db, deps.version);
  const index = createListingIndexSource(deps.db, deps.version);
  const products = new ProductReadService({ db: deps.db, dictionary, index });
  const stores = new StoresPublicService({ db: deps.db, dictionary });
  return {
    listing: new ListingService({ db: deps.db, version: currentVersion, cards: new CardCache(deps.db, currentVersion), dictionary, index, search: deps.search, cursorKey: deps.cursorKey }),
    products,
    stores,
    common: new CommonDataService({ db: deps.db, dictionary, products, stores, appConfig: deps.appConfig }),
    // Answers computed from a listing index that is still reloading are served but not kept.
    // The byte bound counts each answer's JSON; its compressed copies, made on first request, add ~15 %.
    cache: createReadCache<CachedAnswer>({ version: currentVersion, settled: () => index.settled(), sizeOf: (answer) => answer.raw.length }),
  };
}
