/**
 * Screenshots of the public catalog pages — home, listing (search with filters), product, store and
 * makers' specialities — in English and Arabic, on a phone (390×844) and a laptop (1366×900), into
 * /work/main/screenshots/catalog (gitignored). Run after `npm run build`: npx tsx e2e/screenshots-catalog.ts
 * (SCREENSHOT_ONLY=product,listing takes only the pages named; BASE_URL=http://… uses a running server
 * instead of starting the built one).
 */
import type { Page } from 'playwright-core';
import { camera, openHydrated, withScreenshots } from './support/screenshots.js';

interface Shot {
  name: string;
  path: string;
  ready: string;
  /** Runs once the page is ready, before the picture (open the filter drawer…). */
  prepare?(tab: Page, phone: boolean): Promise<void>;
}

/** A product of the demo catalog with variants and certificates, found through the API. */
async function pickProduct(baseURL: string): Promise<string> {
  const answer = (await (await fetch(`${baseURL}/v1/products?certification=GOTS&limit=5`)).json()) as { data: { items: { slug: string }[] } };
  const slug = answer.data.items[0]?.slug;
  if (!slug) throw new Error('The demo catalog has no GOTS product');
  return slug;
}

async function pickStore(baseURL: string): Promise<string> {
  const answer = (await (await fetch(`${baseURL}/v1/home`)).json()) as { data: { featuredMakers: { storeAliasName: string }[] } };
  const alias = answer.data.featuredMakers[0]?.storeAliasName;
  if (!alias) throw new Error('The demo catalog has no featured maker');
  return alias;
}

await withScreenshots(async ({ browser, startServer }) => {
  const take = camera(browser, {
    folder: 'catalog',
    onlyVariable: 'SCREENSHOT_ONLY',
    phoneSlices: 6,
    async settle(tab) {
      // Lazy images load as they come into view (banners further along their row never do): load them all.
      await tab.evaluate(async () => {
        for (const img of document.querySelectorAll('img[loading="lazy"]')) (img as HTMLImageElement).loading = 'eager';
        for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 40));
        }
        window.scrollTo(0, 0);
      });
      await tab.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 15_000 });
    },
  });
  const baseURL = process.env.BASE_URL ?? (await startServer()).url;
  const shoot = (shot: Shot) =>
    take(baseURL, {
      name: shot.name,
      async open(tab, { phone }) {
        await openHydrated(tab, shot.path, shot.ready);
        await shot.prepare?.(tab, phone);
      },
    });
  const product = await pickProduct(baseURL);
  const store = await pickStore(baseURL);
  await shoot({ name: 'home', path: '/', ready: '[data-testid="home-featured-products"]' });
  await shoot({ name: 'listing', path: '/search?q=organic%20cotton&certification=GOTS', ready: '[data-testid="product-card"]' });
  await shoot({
    name: 'filters',
    path: '/search?q=cotton&colour=blue',
    ready: '[data-testid="product-card"]',
    async prepare(tab, phone) {
      if (phone) await tab.getByTestId('filters-open').click();
    },
  });
  await shoot({ name: 'empty', path: '/search?q=zzzzqqqq', ready: '[data-testid="search-empty"]' });
  await shoot({ name: 'product', path: `/p/${product}`, ready: '[data-testid="provenance"]' });
  await shoot({ name: 'store', path: `/store/${store}`, ready: '[data-testid="store-name"]' });
  await shoot({ name: 'makers', path: '/makers', ready: '[data-testid="speciality"]' });
});
