// The catalog the catalog targets run against: generated once per database and size (the
// generator is deterministic), then reused; and the realistic requests built from what it holds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BenchError } from './measure.mjs';

/** Where generated catalogs are kept between runs (ignored by git). Delete it to regenerate. */
export const catalogDir = (benchDir, products, database) => path.join(benchDir, 'data', `catalog-${products}-${database === 'PostgreSQL' ? 'pg' : 'sqlite'}`);

function run(command, args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BenchError(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * Makes sure the benchmark catalog exists, generating it when it does not (minutes for 100,000
 * products), and returns the DATA_DIR the server should use. On SQLite the server gets a copy,
 * so that the runs' own writes (guest sign-ins) never change the kept catalog.
 */
export async function prepareCatalog({ repoRoot, benchDir, products, databaseUrl, runDir }) {
  const database = databaseUrl ? 'PostgreSQL' : 'SQLite';
  const dir = catalogDir(benchDir, products, database);
  const generator = path.join(repoRoot, 'apps/server/dist/seed/catalog/generate.js');
  if (!fs.existsSync(generator)) throw new BenchError(`${generator} does not exist: build first (npm run build at the root)`);
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  console.log(`Catalog: ${products.toLocaleString('en-US')} products on ${database} (${path.relative(process.cwd(), dir) || dir})…`);
  const started = performance.now();
  await run(process.execPath, [generator, '--products', String(products), '--data-dir', dir, '--if-missing'], { cwd: repoRoot, env });
  const seconds = (performance.now() - started) / 1000;
  if (seconds > 5) console.log(`Catalog ready in ${seconds.toFixed(0)} s.`);
  if (databaseUrl) return dir; // The rows live in PostgreSQL; the directory holds the pictures.
  fs.cpSync(dir, runDir, { recursive: true });
  return runDir;
}

async function getJson(server, route, headers) {
  // Generous: the first, unfiltered listing of a cold 100,000-product catalog may take a while.
  const response = await fetch(server.url + route, { headers, signal: AbortSignal.timeout(300_000) });
  const text = await response.text();
  if (!response.ok) throw new BenchError(`GET ${route} answered ${response.status}: ${text.slice(0, 400)}`);
  return JSON.parse(text);
}

/**
 * Reads the filter values and product slugs the requests use from the listing API itself, so the
 * targets follow whatever the catalog holds: categories, certification schemes and colours from
 * the facets, and a few thousand product slugs from listing pages in every category and sort.
 */
export async function discoverCatalog(server, headers) {
  const started = performance.now();
  const first = await getJson(server, '/v1/products?limit=1', headers);
  console.log(`The first listing (no filter, all facets) answered in ${Math.round(performance.now() - started)} ms.`);
  const facet = (key) => (first.data.facets.find((f) => f.key === key)?.values ?? []).filter((v) => v.count > 0).sort((a, b) => b.count - a.count);
  const categories = facet('category').map((v) => v.value);
  const certifications = facet('certification').map((v) => v.value);
  const colours = facet('colour').map((v) => v.value);
  if (!categories.length) throw new BenchError('The listing answers no category facet: is the catalog empty?');
  const slugs = new Set();
  for (const category of categories.slice(0, 12)) {
    for (const sort of ['popularity', 'price_asc', 'price_desc', 'newest']) {
      const page = await getJson(server, `/v1/products?category=${encodeURIComponent(category)}&sort=${sort}&limit=60`, headers);
      for (const item of page.data.items) slugs.add(item.slug);
    }
  }
  return { total: first.data.total, categories, certifications, colours, slugs: [...slugs] };
}

/** Typos a buyer makes, and what the search box has seen typed so far. */
const TYPOS = [
  ['en', 'orgnic cotton'],
  ['en', 'handwoven baskt'],
  ['en', 'linnen throw'],
  ['en', 'ceramc bowl'],
  ['en', 'ratan lamp'],
  ['en', 'alpacca scarf'],
  ['en', 'jute rugg'],
  ['en', 'brass neckace'],
  ['en', 'stonware mug'],
  ['en', 'recyled glass vase'],
  ['es', 'algodon organico'],
  ['es', 'cesta tejda'],
  ['ms', 'bakul anyamn'],
  ['ar', 'سجادة صوف'],
];
const PREFIXES = [
  ['en', 'org'], ['en', 'han'], ['en', 'lin'], ['en', 'bask'], ['en', 'cer'], ['en', 'rat'], ['en', 'alp'], ['en', 'jut'],
  ['en', 'bra'], ['en', 'kil'], ['en', 'sto'], ['en', 'wool'], ['es', 'alg'], ['es', 'tej'], ['ms', 'kap'], ['ar', 'سج'],
];

/** The reviews target's star filter per request: none twice, then 5, none twice, then 1… */
const REVIEW_STARS = [undefined, undefined, 5, undefined, undefined, 1];
const reviewsRoute = (slug, star) => `/v1/products/${encodeURIComponent(slug)}/reviews?limit=10${star ? `&rating=${star}` : ''}`;

/** Round-robin over a list: every request the next item. */
const cycle = (items) => {
  let i = 0;
  return () => items[i++ % items.length];
};
/** A price range in cents that no other request has asked for (well, almost): it defeats read caches. */
const freshPriceRange = () => {
  const min = Math.floor(Math.random() * 5000);
  return `${min}-${min + 2000 + Math.floor(Math.random() * 30000)}`;
};

/** The catalog targets: listing (cached and not), product, search with a typo (cached and not), suggestions. */
export function catalogTargets({ server, headers, catalog }) {
  const get = (route, language = 'en') => ({ method: 'GET', path: route, headers: { ...headers, language } });
  // Five seconds of warm-up: on a 100,000-product catalog the first requests read the database from disk.
  const warmupSeconds = 5;
  const categories = catalog.categories.slice(0, 8);
  const schemes = catalog.certifications.slice(0, 3);
  const sorts = ['price_asc', 'popularity', 'newest'];
  const combos = categories.flatMap((category, i) => schemes.map((scheme) => `/v1/products?category=${encodeURIComponent(category)}&certification=${encodeURIComponent(scheme)}&sort=${sorts[i % sorts.length]}`));
  const listingRoutes = combos.length ? combos : ['/v1/products?sort=price_asc'];
  const nextCombo = cycle(listingRoutes);
  const nextCategory = cycle(categories);
  const nextSlug = cycle(catalog.slugs);
  const nextTypo = cycle(TYPOS);
  const nextPrefix = cycle(PREFIXES);
  const nextReviewSlug = cycle(catalog.slugs);
  const nextStar = cycle(REVIEW_STARS);
  const ratingRoutes = categories.flatMap((category, i) =>
    [4, 3].map((rating, j) => `/v1/products?category=${encodeURIComponent(category)}&rating=${rating}&sort=${sorts[(i + j) % sorts.length]}`),
  );
  const nextRatingRoute = cycle(ratingRoutes.length ? ratingRoutes : ['/v1/products?rating=4']);
  return {
    listing: {
      name: 'listing',
      label: `GET /v1/products category+certification+sort (${combos.length} combos)`,
      server,
      warmupSeconds,
      request: () => get(nextCombo()),
      sequence: listingRoutes.map((route) => get(route)),
    },
    'listing-uncached': {
      name: 'listing-uncached',
      label: 'GET /v1/products category+price range+sort (new range each)',
      server,
      warmupSeconds,
      dynamic: true,
      request: () => get(`/v1/products?category=${encodeURIComponent(nextCategory())}&price=${freshPriceRange()}&sort=price_asc`),
    },
    product: {
      name: 'product',
      label: `GET /v1/products/{slug} (${catalog.slugs.length.toLocaleString('en-US')} products)`,
      server,
      warmupSeconds,
      request: () => get(`/v1/products/${encodeURIComponent(nextSlug())}`),
      sequence: catalog.slugs.map((slug) => get(`/v1/products/${encodeURIComponent(slug)}`)),
      // Every product viewed once first: the run measures product pages that have been seen before.
      prime: catalog.slugs.map((slug) => get(`/v1/products/${encodeURIComponent(slug)}`)),
    },
    // The product page's second call (issue #13 §6): its reviews, first page with the summary, as the
    // web loader asks (`?limit=10`); one request in three filters one star, as a buyer's click does.
    reviews: {
      name: 'reviews',
      label: `GET /v1/products/{slug}/reviews?limit=10[&rating=N] (${catalog.slugs.length.toLocaleString('en-US')} products)`,
      server,
      warmupSeconds,
      request: () => get(reviewsRoute(nextReviewSlug(), nextStar())),
      sequence: catalog.slugs.map((slug, i) => get(reviewsRoute(slug, REVIEW_STARS[i % REVIEW_STARS.length]))),
    },
    // The listing with its CUSTOMER RATINGS facet (every listing answers all its facets) and a rating
    // filter, over the largest categories, "3★ & up" and "4★ & up", and the sorts.
    'listing-ratings': {
      name: 'listing-ratings',
      label: `GET /v1/products category+rating+sort (${ratingRoutes.length} combos)`,
      server,
      warmupSeconds,
      request: () => get(nextRatingRoute()),
      sequence: ratingRoutes.map((route) => get(route)),
    },
    search: {
      name: 'search',
      label: `GET /v1/products?q=<typo> (${TYPOS.length} queries)`,
      server,
      warmupSeconds,
      request: () => {
        const [language, q] = nextTypo();
        return get(`/v1/products?q=${encodeURIComponent(q)}`, language);
      },
      sequence: TYPOS.map(([language, q]) => get(`/v1/products?q=${encodeURIComponent(q)}`, language)),
    },
    'search-uncached': {
      name: 'search-uncached',
      label: 'GET /v1/products?q=<typo>&price=<new range>',
      server,
      warmupSeconds,
      dynamic: true,
      request: () => {
        const [language, q] = nextTypo();
        return get(`/v1/products?q=${encodeURIComponent(q)}&price=${freshPriceRange()}`, language);
      },
    },
    suggest: {
      name: 'suggest',
      label: `GET /v1/search/suggest?q=<prefix> (${PREFIXES.length} prefixes)`,
      server,
      warmupSeconds,
      request: () => {
        const [language, q] = nextPrefix();
        return get(`/v1/search/suggest?q=${encodeURIComponent(q)}`, language);
      },
      sequence: PREFIXES.map(([language, q]) => get(`/v1/search/suggest?q=${encodeURIComponent(q)}`, language)),
    },
  };
}
