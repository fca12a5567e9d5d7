/**
 * CPU per uncached listing, in process: what the listing index costs for one request whose answer no
 * cache holds (a new price range, a new combination of filters, a search with a new filter), however
 * busy the machine is. It builds the listing index of a synthetic catalog shaped like the generator's
 * (categories, brands, stores, colours, sizes, materials, origins, certificates) and times the
 * facet counts and the first page with process.cpuUsage(); the cards, the JSON and the socket are
 * the same work at any catalog size and are left to the load bench (run.mjs).
 *
 * Run: `npx tsx bench/listing-cpu.ts [--products 100000] [--requests 2000] [--only browse|combo|search]`
 * (with `node --cpu-prof --import tsx bench/listing-cpu.ts` to see where the time goes).
 */
import { COLOUR_KEYS, SIZES, SORT_KEYS, type Language, type SortKey } from '@tessera/contracts';
import { blocksBytes } from '../apps/server/src/modules/catalog/listing/listing-blocks.js';
import { computeFacets } from '../apps/server/src/modules/catalog/listing/listing-facets.js';
import { buildIndex, type IndexFacetRow, type IndexProductRow } from '../apps/server/src/modules/catalog/listing/listing-index.js';
import { relevancePage, sortedPage } from '../apps/server/src/modules/catalog/listing/listing-page.js';
import type { ListingFilters } from '../apps/server/src/modules/catalog/listing/listing-query.js';
import type { Dictionary } from '../apps/server/src/modules/catalog/model/index.js';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PRODUCTS = arg('products', 100_000);
const REQUESTS = arg('requests', 2000);
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;

// A deterministic generator (mulberry32): the same catalog and requests on every run.
let seed = 1_234_567;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const some = <T>(list: readonly T[], most: number): T[] => [...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(list)))];

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(10, '0')}`;
// Twelve top categories with four subcategories each, as the demo catalog has them.
const parents = Array.from({ length: 12 }, (_, n) => id('c', n));
const leaves = parents.flatMap((parent, n) => Array.from({ length: 4 }, (_, k) => ({ id: id('c', 100 + n * 4 + k), parent })));
const brands = Array.from({ length: 200 }, (_, n) => id('b', n));
const stores = Array.from({ length: Math.max(40, Math.ceil(PRODUCTS / 250)) }, (_, n) => id('s', n));
const materials = Array.from({ length: 40 }, (_, n) => `material-${n}`);
const origins = [
  'MY',
  'ID',
  'IN',
  'VN',
  'TH',
  'PH',
  'BD',
  'LK',
  'NP',
  'PE',
  'BO',
  'GT',
  'MX',
  'CO',
  'KE',
  'GH',
  'MA',
  'EG',
  'TR',
  'PT',
  'ES',
  'IT',
  'FR',
  'DE',
  'GB',
  'US',
  'CN',
  'JP',
  'AU',
  'NZ',
];
const schemes = ['gots', 'fair-trade', 'fsc', 'oeko-tex', 'b-corp', 'rainforest', 'cradle', 'organic'];

const started = performance.now();
const products: IndexProductRow[] = [];
const facets: IndexFacetRow[] = [];
const now = Date.now();
for (let n = 0; n < PRODUCTS; n++) {
  const productId = id('p', n);
  const mrp = 500 + Math.floor(random() * 50_000);
  products.push({
    id: productId,
    category_id: pick(leaves).id,
    brand_id: random() < 0.8 ? pick(brands) : null,
    store_id: pick(stores),
    price: random() < 0.3 ? Math.floor(mrp * (0.4 + random() * 0.6)) : mrp,
    mrp,
    rating: Math.floor(random() * 500),
    stock: random() < 0.85 ? Math.floor(random() * 100) : 0,
    popularity: random() * 1000,
    published_at: now - Math.floor(random() * 1e10),
  });
  for (const colour of some(COLOUR_KEYS, 3)) facets.push({ facet: 'colour', value: colour, product_id: productId, expires_at: null });
  for (const size of some(SIZES, 4)) facets.push({ facet: 'size', value: size, product_id: productId, expires_at: null });
  for (const material of some(materials, 2)) facets.push({ facet: 'material', value: material, product_id: productId, expires_at: null });
  facets.push({ facet: 'origin', value: pick(origins), product_id: productId, expires_at: null });
  if (random() < 0.6)
    for (const scheme of some(schemes, 2)) facets.push({ facet: 'certification', value: scheme, product_id: productId, expires_at: now + 1e10 });
}
const built = performance.now();
const index = buildIndex(products, facets);
const indexed = performance.now();
console.log(
  `${PRODUCTS.toLocaleString('en-US')} products, ${facets.length.toLocaleString('en-US')} facet rows: generated in ${Math.round(built - started)} ms, indexed in ${Math.round(indexed - built)} ms; heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB`,
);

const dictionary: Dictionary = {
  categories: new Map([
    ...parents.map(
      (parent, n) =>
        [
          parent,
          {
            id: parent,
            parentId: null,
            slug: `top-${n}`,
            name: `{"en":"Top ${n}"}`,
            imageUploadId: null,
            sort: n,
            subtree: [parent, ...leaves.filter((l) => l.parent === parent).map((l) => l.id)],
          },
        ] as const,
    ),
    ...leaves.map(
      (leaf, n) =>
        [
          leaf.id,
          { id: leaf.id, parentId: leaf.parent, slug: `leaf-${n}`, name: `{"en":"Leaf ${n}"}`, imageUploadId: null, sort: n, subtree: [leaf.id] },
        ] as const,
    ),
  ]),
  categoryBySlug: new Map(),
  brands: new Map(brands.map((brand, n) => [brand, { id: brand, slug: `brand-${n}`, name: `Brand ${n}`, logoUploadId: null, sort: n }])),
  brandBySlug: new Map(),
};
const language: Language = 'en';
/** A price range in cents nobody asked for before, as bench/catalog.mjs makes them. */
const freshPrice = () => {
  const min = Math.floor(random() * 5000);
  const max = min + 2000 + Math.floor(random() * 30_000);
  return { min, max, raw: `${min}-${max}` };
};
const categoryFilter = () => {
  const category = dictionary.categories.get(random() < 0.5 ? pick(parents) : pick(leaves).id);
  return category?.subtree ?? [];
};
/** A search's hits, ranked: a broad word (a fifth of the catalog) or a narrow one (a few hundred). */
const searches = Array.from({ length: 20 }, (_, n) => {
  const share = n % 2 === 0 ? 0.2 : 0.004;
  return index.ids.filter(() => random() < share);
});

type Request = { filters: ListingFilters; sort: SortKey | 'relevance' };
const scenarios: Record<string, () => Request> = {
  // bench/catalog.mjs's listing-uncached: a category, a new price range, sorted by price.
  browse: () => ({ filters: { category: categoryFilter(), price: freshPrice() }, sort: 'price_asc' }),
  // Any new combination of filters, in any sort.
  combo: () => {
    const filters: ListingFilters = {};
    if (random() < 0.6) filters.category = categoryFilter();
    if (random() < 0.5) filters.colour = some(COLOUR_KEYS, 2);
    if (random() < 0.3) filters.size = some(SIZES, 2);
    if (random() < 0.4) filters.certification = some(schemes, 2);
    if (random() < 0.2) filters.material = some(materials, 2);
    if (random() < 0.2) filters.origin = some(origins, 2);
    if (random() < 0.3) filters.brand = some(brands, 3);
    if (random() < 0.2) filters.store = some(stores, 3);
    if (random() < 0.3) filters.rating = 1 + Math.floor(random() * 4);
    if (random() < 0.2) filters.discount = 10 * (1 + Math.floor(random() * 5));
    if (random() < 0.5) filters.price = freshPrice();
    if (random() < 0.3) filters.inStock = true;
    return { filters, sort: pick(SORT_KEYS) };
  },
  // A search (its hits already known, as ListingService keeps them) with a new price range.
  search: () => ({
    filters: { searchIds: pick(searches), price: freshPrice(), ...(random() < 0.3 ? { colour: some(COLOUR_KEYS, 2) } : {}) },
    sort: 'relevance',
  }),
};

const serve = ({ filters, sort }: Request) => {
  const { isMatch: matches, total } = computeFacets({ index, filters, selected: {}, dictionary, language, now });
  const page =
    sort === 'relevance'
      ? relevancePage({ index, matches, ranked: filters.searchIds ?? [], after: undefined, limit: 24 })
      : sortedPage({ index, matches, order: sort, after: undefined, limit: 24, price: filters.price, total });
  return total + page.ids.length;
};

for (const [name, make] of Object.entries(scenarios)) {
  if (ONLY && ONLY !== name) continue;
  const requests = Array.from({ length: REQUESTS }, make);
  if (name === 'browse') {
    // The first browse of an index builds its block tallies (listing-blocks.ts).
    const before = performance.now();
    serve(requests[0] as Request);
    console.log(`first browse (block tallies built): ${Math.round(performance.now() - before)} ms`);
  }
  for (const request of requests.slice(0, 50)) serve(request); // warm the JIT
  const cpu: number[] = [];
  let sink = 0;
  for (const request of requests) {
    const before = process.cpuUsage();
    sink += serve(request);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  const at = (q: number) => (cpu[Math.min(cpu.length - 1, Math.floor(q * cpu.length))] as number).toFixed(2);
  const mean = cpu.reduce((sum, ms) => sum + ms, 0) / cpu.length;
  if (name === 'browse') console.log(`block tallies: ${(blocksBytes(index) / 2 ** 20).toFixed(1)} MB`);
  console.log(
    `${name.padEnd(7)} CPU ms per request: mean ${mean.toFixed(2)}, p50 ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)} (${REQUESTS} requests; ${sink > 0 ? 'answers' : 'no answers'})`,
  );
}
