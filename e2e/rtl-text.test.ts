/**
 * Issue #10, "what a new user hit" in Arabic and on small screens: people's text keeps its own
 * direction, the category bar shows that it scrolls, arrows point the reading way, a very long search
 * stays on the screen, and the hero's title never runs into its picture.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, skipBrowserTests, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe.skipIf(skipBrowserTests)('Arabic and small screens', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  async function open(language: 'en' | 'ar', viewport: typeof PHONE, path: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    contexts.push(context);
    await context.addCookies([{ name: 'lang', value: language, url: server.url }]);
    const page = await context.newPage();
    await page.goto(path);
    await waitForHydration(page);
    return page;
  }

  /** Scrolls the category bar to one end (scrollLeft runs negative in a right-to-left page). */
  const scrollBarTo = (page: Page, end: 'start' | 'end') =>
    page.getByTestId('category-bar').evaluate((row, to) => {
      const rtl = getComputedStyle(row).direction === 'rtl';
      const far = row.scrollWidth - row.clientWidth;
      row.scrollLeft = to === 'start' ? 0 : rtl ? -far : far;
    }, end);

  const hint = (page: Page, side: 'start' | 'end') => page.getByTestId(`category-bar-more-${side}`);

  it.each([
    ['en', PHONE],
    ['ar', PHONE],
    ['en', DESKTOP],
    ['ar', DESKTOP],
  ] as const)('the category bar shows which side has more links (%s, %o)', async (language, viewport) => {
    const page = await open(language, viewport, '/');
    const row = page.getByTestId('category-bar');
    await row.waitFor();
    const overflows = await row.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    if (viewport === PHONE) expect(overflows).toBe(true);
    // At the start: a hint at the end only (when anything is off-screen at all).
    await page.waitForFunction(() => document.querySelector('[data-testid="category-bar"]') !== null);
    expect(await hint(page, 'start').count()).toBe(0);
    expect(
      await hint(page, 'end')
        .isVisible()
        .catch(() => false),
    ).toBe(overflows);
    if (!overflows) return;
    // The end hint sits on the reading direction's end: the left in Arabic, the right in English.
    const rowBox = (await row.boundingBox())!;
    const endBox = (await hint(page, 'end').boundingBox())!;
    if (language === 'ar') expect(endBox.x).toBeLessThan(rowBox.x + rowBox.width / 2);
    else expect(endBox.x).toBeGreaterThan(rowBox.x + rowBox.width / 2);
    // Scrolled to the end, the hint moves to the start; its arrow brings the first links back.
    await scrollBarTo(page, 'end');
    await hint(page, 'start').waitFor();
    expect(await hint(page, 'end').count()).toBe(0);
    await hint(page, 'start').locator('button').click();
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="category-bar"]')!;
      return Math.abs(el.scrollLeft) < el.scrollWidth - el.clientWidth - 1;
    });
    await hint(page, 'end').waitFor();
  });

  it('keeps a Latin store or product name whole and in order in Arabic: isolated, cut at its end if at all', async () => {
    const page = await open('ar', PHONE, '/');
    const card = page.getByTestId('product-card').first();
    await card.waitFor();
    const title = card.locator('h3');
    expect(await title.getAttribute('dir')).toBe('auto');
    // The makers' Latin names resolve to left to right inside the right-to-left page, so that a name
    // too long for its card loses its end ('Patchwork Coll…'), not its start ('…adwork Collective').
    const makers = page.getByTestId('home-featured-makers');
    const latinNames = await makers
      .locator('[dir="auto"]')
      .evaluateAll((names) => names.filter((n) => /^[A-Za-z]/.test(n.textContent?.trim() ?? '')).map((n) => n.matches(':dir(ltr)')));
    expect(latinNames.length).toBeGreaterThan(0);
    expect(latinNames.every(Boolean)).toBe(true);

    // The product page and its store: the names are isolated from the Arabic around them.
    const slug = ((await title.locator('a').getAttribute('href')) ?? '').replace('/p/', '');
    await page.goto(`/p/${slug}`);
    await waitForHydration(page);
    expect(await page.getByTestId('product-title').locator('bdi').count()).toBe(1);
    const storeLink = page.locator('a[href^="/store/"][dir="auto"]').first();
    const storeHref = await storeLink.getAttribute('href');
    await page.goto(storeHref!);
    await waitForHydration(page);
    expect(await page.getByTestId('store-name').locator('bdi').count()).toBe(1);
  });

  it('lets an address or message typed in Latin letters keep its order in an Arabic form', async () => {
    const page = await open('ar', PHONE, '/contact');
    const field = page.locator('textarea').first();
    await field.fill('12 Jalan Ampang, Kuala Lumpur');
    expect(await field.getAttribute('dir')).toBe('auto');
    expect(await field.evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
    await field.fill('١٢ شارع الأمير');
    expect(await field.evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
    // Single-line fields (names, cities) do the same.
    const name = page.locator('input[name="name"]');
    await name.fill('Patchwork Collective');
    expect(await name.evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
  });

  it('mirrors arrows in Arabic', async () => {
    const page = await open('ar', PHONE, '/no/such/page');
    const arrow = page.getByRole('main').getByRole('link').locator('svg');
    // Scaled by -1 across: the arrow points left, toward the end of an Arabic line.
    expect(await arrow.evaluate((svg) => getComputedStyle(svg).scale)).toMatch(/^-1\b/);
    const english = await open('en', PHONE, '/no/such/page');
    expect(
      await english
        .getByRole('main')
        .getByRole('link')
        .locator('svg')
        .evaluate((svg) => getComputedStyle(svg).scale),
    ).toBe('none');
  });

  it('keeps a 1,200-character search on a phone’s screen, in Arabic too', async () => {
    for (const language of ['en', 'ar'] as const) {
      const page = await open(language, PHONE, `/search?q=${'x'.repeat(1200)}`);
      const heading = page.getByTestId('listing-title');
      await heading.waitFor();
      const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(width.page, language).toBeLessThanOrEqual(width.screen);
      const box = (await heading.boundingBox())!;
      expect(box.x, language).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, language).toBeLessThanOrEqual(PHONE.width);
    }
  });

  it('keeps the hero title clear of its picture on a desktop, in both directions', async () => {
    for (const language of ['en', 'ar'] as const) {
      const page = await open(language, DESKTOP, '/');
      const title = (await page.locator('#hero-title').boundingBox())!;
      const picture = (await page.locator('#hero-title').locator('xpath=ancestor::section[1]').locator('[aria-hidden="true"].grid').boundingBox())!;
      const overlapX = Math.min(title.x + title.width, picture.x + picture.width) - Math.max(title.x, picture.x);
      const overlapY = Math.min(title.y + title.height, picture.y + picture.height) - Math.max(title.y, picture.y);
      expect(overlapX > 0 && overlapY > 0, `${language}: ${JSON.stringify({ title, picture })}`).toBe(false);
    }
  });
});
