import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

/**
 * The public pages do not download the 'screens' texts (sign-in, account, checkout, information
 * pages: apps/web/app/lib/i18n/screens). A screen opened from them in the browser gets its texts
 * before it shows, in the page's language, and a language switch there brings them along.
 */
const textChunks = (urls: string[]) => urls.filter((url) => /\/assets\/(?:en|es|ar|ms)-[\w-]+\.js$/.test(url));

async function mainHeading(page: Page): Promise<string> {
  return page.locator('main h1').first().innerText();
}

/** The URL changes first; the page follows once its texts are there (the navigation waits for them). */
async function headingShows(page: Page, text: string): Promise<void> {
  await page.locator('main h1', { hasText: text }).waitFor();
}

describe.skipIf(skipBrowserTests)('screens opened from a light public page', () => {
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

  it('show their texts in Arabic, then in Spanish after a switch, never their keys', async () => {
    const { page, context, problems, requests } = await openPage(browser, server.url);
    await context.addCookies([{ name: 'lang', value: 'ar', url: server.url }]);
    await page.goto('/');
    await waitForHydration(page);
    const loadedFirst = new Set(textChunks(requests.map((r) => r.url())));

    // The footer's link is a client-side navigation: the about page's texts come with it.
    await page.getByRole('contentinfo').getByRole('link', { name: 'من نحن' }).click();
    await headingShows(page, 'عن تيسيرا');
    expect(await mainHeading(page)).toBe('عن تيسيرا');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const fetchedOnTheWay = textChunks(requests.map((r) => r.url())).filter((url) => !loadedFirst.has(url));
    expect(fetchedOnTheWay.length, 'the screens texts were not part of the home page').toBeGreaterThan(0);

    await page.getByTestId('language-switch').selectOption('es');
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await headingShows(page, 'Quiénes somos');

    // Back to a light page and on to the sign-in screen, in Spanish.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Inicio' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('header-login').click();
    await page.getByText('Hola de nuevo. Inicia sesión para hacer pedidos').waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/\bauth\.\w+/);

    // From the home page (no quotation texts) to a product page, which has its quotation link.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Inicio' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('product-card').first().getByRole('link').first().click();
    await page.getByTestId('ask-quotation').getByText('Pedir una cotización').waitFor();

    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('are whole without JavaScript: the server renders every text', async () => {
    const { page, context } = await openPage(browser, server.url, { javaScriptEnabled: false });
    await context.addCookies([{ name: 'lang', value: 'ar', url: server.url }]);
    await page.goto('/login');
    expect(await page.locator('main').innerText()).toContain('مرحبًا بعودتك');
    await page.goto('/about');
    expect(await mainHeading(page)).toBe('عن تيسيرا');
    await context.close();
  });
});
