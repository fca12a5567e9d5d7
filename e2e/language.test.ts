import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

async function htmlAttributes(page: Page) {
  return page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));
}

async function heroTitle(page: Page): Promise<string> {
  return page.locator('#hero-title').innerText();
}

describe.skipIf(skipBrowserTests)('language switch', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('turns the page right to left in Arabic, keeps it across a reload, and switches back to English', async () => {
    const { page, context, problems, api } = await openPage(browser, server.url);
    await page.goto('/');
    await waitForHydration(page);
    expect(await htmlAttributes(page)).toEqual({ dir: 'ltr', lang: 'en' });
    expect(await heroTitle(page)).toContain('Buy responsibly made goods');

    // Switch to Arabic.
    await page.getByTestId('language-switch').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await htmlAttributes(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await heroTitle(page)).toContain('اشترِ منتجات مصنوعة بمسؤولية');
    const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(await nav.getByRole('link', { name: 'السلة' }).isVisible()).toBe(true);
    // The layout mirrors: the logo sits at the right edge, the cart link to its left.
    const logo = await page.getByRole('link', { name: 'تيسيرا، الصفحة الرئيسية' }).boundingBox();
    const cart = await nav.getByRole('link', { name: 'السلة' }).boundingBox();
    expect(logo!.x).toBeGreaterThan(cart!.x);
    // The announcement is in Arabic too, and the page title follows the language.
    await page.getByTestId('snackbar').getByText('اللغة: العربية').waitFor();
    await page.waitForFunction(() => document.title.includes('سوق التوريد المستدام'));
    const langCookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(langCookie?.value).toBe('ar');
    expect(langCookie?.sameSite).toBe('Strict');

    // API requests now carry the language.
    await page.reload();
    await waitForHydration(page);
    await page.waitForSelector('[data-testid="trade-essentials"][data-state="ready"]');
    expect(api('GET', '/v1/config').at(-1)?.headers()['language']).toBe('ar');

    // After the reload the server renders Arabic, right to left, from the first byte.
    const html = await (await page.request.get('/', { headers: { cookie: `lang=ar` } })).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(await htmlAttributes(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await heroTitle(page)).toContain('اشترِ منتجات مصنوعة بمسؤولية');
    expect(await page.getByTestId('payment-types').innerText()).toContain('الدفع عند الاستلام');

    // And back to English.
    await page.getByTestId('language-switch').selectOption('en');
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    expect(await htmlAttributes(page)).toEqual({ dir: 'ltr', lang: 'en' });
    expect(await heroTitle(page)).toContain('Buy responsibly made goods');
    expect(await page.getByTestId('payment-types').innerText()).toContain('Cash on delivery');
    await page.reload();
    await waitForHydration(page);
    expect(await htmlAttributes(page)).toEqual({ dir: 'ltr', lang: 'en' });
    expect(await heroTitle(page)).toContain('Buy responsibly made goods');

    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('still hydrates when the first downloads of the page texts fail (a dropped connection)', async () => {
    const { page, context } = await openPage(browser, server.url);
    const failures = new Map<string, number>();
    // Each English text chunk fails twice (its preload and the first import), then downloads.
    await page.route(/\/assets\/en-[\w-]+\.js$/, async (route) => {
      const url = route.request().url();
      const failed = failures.get(url) ?? 0;
      if (failed >= 2) return route.continue();
      failures.set(url, failed + 1);
      return route.abort('connectionreset');
    });
    await page.goto('/');
    await waitForHydration(page);
    expect([...failures.values()]).toContain(2);
    expect(await heroTitle(page)).toContain('Buy responsibly made goods');
    // Hydrated for real: the language switch works.
    await page.getByTestId('language-switch').selectOption('es');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await context.close();
  });

  it('says so and keeps the language when the new language cannot be downloaded', async () => {
    // Without the service worker, which would fetch the assets past the page's routes.
    const { page, context, problems } = await openPage(browser, server.url, { serviceWorkers: 'block' });
    await page.goto('/');
    await waitForHydration(page);
    await page.route(/\/assets\/es-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.getByTestId('language-switch').selectOption('es');
    await page.getByTestId('snackbar').getByText('Español could not be loaded. Check your connection and try again.').waitFor();
    expect(await page.getByTestId('language-switch').inputValue()).toBe('en');
    expect(await htmlAttributes(page)).toEqual({ dir: 'ltr', lang: 'en' });
    expect(await heroTitle(page)).toContain('Buy responsibly made goods');
    expect(unexpectedProblems(problems, [/ERR_INTERNET_DISCONNECTED/, /Failed to fetch dynamically imported module/])).toEqual([]);
    await context.close();
  });

  it('renders other pages in the chosen language on the server', async () => {
    const { page, context } = await openPage(browser, server.url);
    await context.addCookies([{ name: 'lang', value: 'es', url: server.url }]);
    const response = await page.goto('/cart');
    expect(response?.status()).toBe(200);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.getByTestId('cart-empty').innerText()).toMatch(/el carrito está vacío/i);
    expect(await page.title()).toBe('Tu carrito · Tessera');
    await context.close();
  });
});
