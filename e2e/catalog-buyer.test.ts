import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

interface Listing {
  data: { items: { slug: string; title: string }[]; total: number; correctedQuery: string | null; nextCursor: string | null };
}

/** The API's answer for the same filters as the page URL (the page must show exactly these products). */
async function apiListing(base: string, pageUrl: string, cursor?: string): Promise<Listing['data']> {
  const url = new URL(pageUrl);
  if (cursor) url.searchParams.set('cursor', cursor);
  const answer = await fetch(`${base}/v1/products${url.search}`, { headers: { language: 'en' } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as Listing).data;
}

async function cardSlugs(page: Page): Promise<string[]> {
  return page.getByTestId('product-card').locator('h3 a').evaluateAll((links) => links.map((a) => (a.getAttribute('href') ?? '').replace('/p/', '')));
}

async function resultTotal(page: Page): Promise<number> {
  return Number(await page.getByTestId('listing').getAttribute('data-total'));
}

// Vite's development stylesheet links carry a nonce the browser hides: only a development server has them.
const ALLOWED = process.env.E2E_BASE_URL ? [/some attributes of the server rendered HTML didn't match[\s\S]*nonce=/] : [];

async function htmlAttributes(page: Page) {
  return page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));
}

describe.skipIf(skipBrowserTests)('a buyer finds, filters and reads products', () => {
  let server: TestServer | undefined;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    // E2E_BASE_URL runs the test against a server that is already running (development).
    if (process.env.E2E_BASE_URL) base = process.env.E2E_BASE_URL;
    else {
      server = await startServer();
      base = server.url;
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('searches with a typo, filters by certification and colour, opens a product and reads it in Arabic and back', async () => {
    const { page, context, problems } = await openPage(browser, base);
    await page.goto('/');
    await waitForHydration(page);

    // A typo: the search corrects it and finds organic cotton products.
    const input = page.getByTestId('search-input');
    await input.fill('orgnic cotton');
    await input.press('Enter');
    await page.waitForURL(/\/search\?q=orgnic(\+|%20)cotton/);
    await page.getByTestId('corrected-query').waitFor();
    expect(await page.getByTestId('corrected-query').innerText()).toContain('organic cotton');
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('facet-material-organic-cotton').getAttribute('data-count'))).toBeGreaterThan(0);
    const searched = await resultTotal(page);
    expect(searched).toBeGreaterThan(0);

    // 'Load more' appends the next page (the API's next cursor page) without leaving the URL.
    const firstPage = await apiListing(base, page.url());
    const shown = await cardSlugs(page);
    expect(shown).toEqual(firstPage.items.map((item) => item.slug));
    if (searched > shown.length) {
      const searchUrl = page.url();
      await page.getByTestId('load-more').click();
      await expect.poll(() => page.getByTestId('product-card').count(), { timeout: 10_000 }).toBeGreaterThan(shown.length);
      const next = await apiListing(base, searchUrl, firstPage.nextCursor!);
      expect(await cardSlugs(page)).toEqual([...shown, ...next.items.map((item) => item.slug)]);
      expect(page.url()).toBe(searchUrl);
    }

    // Filter by certification: the URL says so, the counts show, the results are the API's.
    const gots = page.getByTestId('facet-certification-GOTS');
    const gotsCount = Number(await gots.getAttribute('data-count'));
    expect(gotsCount).toBeGreaterThan(0);
    expect(await gots.innerText()).toContain(String(gotsCount));
    await gots.click();
    await page.waitForURL(/certification=GOTS/);
    await expect.poll(() => resultTotal(page), { timeout: 10_000 }).toBe(gotsCount);
    expect(await gots.getAttribute('aria-checked')).toBe('true');
    let expected = await apiListing(base, page.url());
    expect(await cardSlugs(page)).toEqual(expected.items.map((item) => item.slug));

    // Then by colour: the first colour with products among the GOTS ones.
    const colour = page.locator('[data-testid^="facet-colour-"][role="checkbox"]').first();
    const colourKey = (await colour.getAttribute('data-testid'))!.replace('facet-colour-', '');
    const colourCount = Number(await colour.getAttribute('data-count'));
    expect(colourCount).toBeGreaterThan(0);
    await colour.click();
    await page.waitForURL(new RegExp(`colour=${colourKey}`));
    await expect.poll(() => resultTotal(page), { timeout: 10_000 }).toBe(colourCount);
    expect(page.url()).toContain('certification=GOTS');
    expected = await apiListing(base, page.url());
    expect(expected.total).toBe(colourCount);
    expect(await cardSlugs(page)).toEqual(expected.items.map((item) => item.slug));

    // The filtered page can be shared: reloading it (server-rendered) shows the same products.
    const filteredUrl = page.url();
    await page.reload();
    await waitForHydration(page);
    expect(page.url()).toBe(filteredUrl);
    expect(await cardSlugs(page)).toEqual(expected.items.map((item) => item.slug));
    expect(await page.getByTestId('active-filters').innerText()).toContain('GOTS');

    // A chip names what it filters by, as the filters do: a store's name, never its alias.
    await page.goto('/search?store=kutch-embroidery');
    await waitForHydration(page);
    const storeChip = await page.getByTestId('active-filters').innerText();
    expect(storeChip).toContain('Kutch Embroidery Collective');
    expect(storeChip).not.toContain('kutch-embroidery');
    await page.goto(filteredUrl);
    await waitForHydration(page);

    // Open the first product.
    const first = expected.items[0]!;
    await page.getByTestId('product-card').first().locator('h3 a').click();
    await page.waitForURL(`**/p/${first.slug}`);
    await page.getByTestId('provenance').waitFor();
    expect(await page.getByTestId('product-title').innerText()).toBe(first.title);
    const provenance = await page.getByTestId('provenance').innerText();
    expect(provenance).toContain('GOTS');
    expect(provenance).toContain('Provenance and sustainability');

    // Arabic: right to left, translated texts, the product's Arabic title; then back to English.
    const arabicTitle = ((await (await fetch(`${base}/v1/products/${first.slug}`, { headers: { language: 'ar' } })).json()) as { data: { title: string } }).data.title;
    await page.getByTestId('language-switch').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await htmlAttributes(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    await expect.poll(() => page.getByTestId('product-title').innerText(), { timeout: 10_000 }).toBe(arabicTitle);
    expect(await page.getByTestId('provenance').innerText()).toContain('المنشأ والاستدامة');
    expect(await page.getByTestId('seller-card').innerText()).toContain('محادثة البائع');

    await page.getByTestId('language-switch').selectOption('en');
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    expect(await htmlAttributes(page)).toEqual({ dir: 'ltr', lang: 'en' });
    await expect.poll(() => page.getByTestId('product-title').innerText()).toBe(first.title);
    expect(await page.getByTestId('provenance').innerText()).toContain('Provenance and sustainability');

    // The search is among the recent searches under the search box, and they can be cleared.
    await page.getByTestId('search-input').click();
    await page.getByTestId('recent-search').first().waitFor();
    expect(await page.getByTestId('recent-search').first().innerText()).toBe('orgnic cotton');
    await page.getByTestId('recent-clear').click();
    await expect.poll(() => page.getByTestId('recent-search').count()).toBe(0);

    expect(unexpectedProblems(problems, ALLOWED)).toEqual([]);
    await context.close();
  });

  it('suggests as the buyer types and renders the product page for crawlers with its structured data', async () => {
    const { page, context, problems } = await openPage(browser, base);
    await page.goto('/');
    await waitForHydration(page);
    await page.getByTestId('search-input').fill('organ');
    await page.getByTestId('search-suggestion').first().waitFor();
    const suggestion = await page.getByTestId('search-suggestion').first().innerText();
    expect(suggestion.toLowerCase()).toContain('organ');

    // Without JavaScript: the listing and the product page arrive complete.
    const listing = await (await fetch(`${base}/search?q=organic+cotton&certification=GOTS`)).text();
    expect(listing).toContain('data-testid="product-card"');
    expect(listing).toContain('data-testid="facet-certification-GOTS"');
    const { data } = (await (await fetch(`${base}/v1/products?q=organic+cotton&limit=1`)).json()) as Listing;
    const slug = data.items[0]!.slug;
    const response = await fetch(`${base}/p/${slug}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('data-testid="provenance"');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/p\//);
    const jsonLd = /<script type="application\/ld\+json" nonce="([^"]+)">(.*?)<\/script>/s.exec(html);
    expect(jsonLd).not.toBeNull();
    // The structured data carries the page's CSP nonce (the built server sends a policy; development does not).
    const policy = response.headers.get('content-security-policy');
    if (!process.env.E2E_BASE_URL) expect(policy ?? '').toContain(`'nonce-${jsonLd![1]}'`);
    const product = JSON.parse(jsonLd![2]!) as { '@type': string; name: string; offers: { priceCurrency: string; availability: string; seller: { name: string } } };
    expect(product['@type']).toBe('Product');
    expect(product.name).toBe(data.items[0]!.title);
    expect(product.offers.priceCurrency).toBe('EUR');
    expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\//);

    // An unknown product is the not-found page.
    expect((await fetch(`${base}/p/no-such-product-anywhere`)).status).toBe(404);

    expect(unexpectedProblems(problems, ALLOWED)).toEqual([]);
    await context.close();
  });
});
