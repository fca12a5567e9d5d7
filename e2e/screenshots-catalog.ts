/**
 * Screenshots of the public catalog pages — home, listing (search with filters), product, store and
 * makers' specialities — in English and Arabic, on a phone (390×844) and a laptop (1366×900), into
 * /work/main/screenshots/catalog (gitignored). Run after `npm run build`: npx tsx e2e/screenshots-catalog.ts
 * (SCREENSHOT_ONLY=product,listing takes only the pages named; BASE_URL=http://… uses a running server
 * instead of starting the built one).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, waitForHydration } from './support/browser.js';
import { REPO_ROOT, startServer } from './support/server.js';

const OUT = path.join(REPO_ROOT, 'screenshots', 'catalog');
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;
const LANGUAGES = ['en', 'ar'] as const;
const only = process.env.SCREENSHOT_ONLY?.split(',').map((name) => name.trim());

interface Shot {
  name: string;
  path: string;
  ready: string;
  /** Runs once the page is ready, before the picture (open the filter drawer…). */
  prepare?(tab: Page, phone: boolean): Promise<void>;
}

async function shoot(browser: Browser, baseURL: string, shot: Shot) {
  if (only && !only.includes(shot.name)) return;
  for (const viewport of VIEWPORTS) {
    for (const language of LANGUAGES) {
      const phone = viewport.name === 'phone';
      const context = await browser.newContext({
        baseURL,
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
        isMobile: phone,
        hasTouch: phone,
        userAgent: phone
          ? 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36'
          : undefined,
      });
      await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
      const tab = await context.newPage();
      await tab.goto(shot.path);
      await waitForHydration(tab);
      await tab.waitForSelector(shot.ready, { timeout: 15_000 });
      await shot.prepare?.(tab, phone);
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
      const file = path.join(OUT, `${shot.name}-${language}-${viewport.name}.png`);
      await tab.screenshot({ path: file, fullPage: true });
      if (phone) {
        const height = await tab.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, part = 1; y < height && part <= 6; y += 1000, part++) {
          await tab.screenshot({
            path: path.join(OUT, 'parts', `${shot.name}-${language}-${viewport.name}-${part}.png`),
            fullPage: true,
            clip: { x: 0, y, width: viewport.width, height: Math.min(1000, height - y) },
          });
        }
      }
      const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      console.log(`${path.relative(REPO_ROOT, file)}${overflow > 0 ? `  (horizontal overflow: ${overflow}px)` : ''}`);
      await context.close();
    }
  }
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

mkdirSync(path.join(OUT, 'parts'), { recursive: true });
const browser = await launchBrowser();
const server = process.env.BASE_URL ? null : await startServer();
const baseURL = process.env.BASE_URL ?? server!.url;
try {
  const product = await pickProduct(baseURL);
  const store = await pickStore(baseURL);
  await shoot(browser, baseURL, { name: 'home', path: '/', ready: '[data-testid="home-featured-products"]' });
  await shoot(browser, baseURL, { name: 'listing', path: '/search?q=organic%20cotton&certification=GOTS', ready: '[data-testid="product-card"]' });
  await shoot(browser, baseURL, {
    name: 'filters',
    path: '/search?q=cotton&colour=blue',
    ready: '[data-testid="product-card"]',
    async prepare(tab, phone) {
      if (phone) await tab.getByTestId('filters-open').click();
    },
  });
  await shoot(browser, baseURL, { name: 'empty', path: '/search?q=zzzzqqqq', ready: '[data-testid="search-empty"]' });
  await shoot(browser, baseURL, { name: 'product', path: `/p/${product}`, ready: '[data-testid="provenance"]' });
  await shoot(browser, baseURL, { name: 'store', path: `/store/${store}`, ready: '[data-testid="store-name"]' });
  await shoot(browser, baseURL, { name: 'makers', path: '/makers', ready: '[data-testid="speciality"]' });
} finally {
  await browser.close();
  await server?.stop();
}
