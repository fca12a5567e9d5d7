import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, skipBrowserTests, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

// Issue #17 §1: countries are named by Intl.DisplayNames in the page's language from the first byte
// (Node's full ICU on the server), and the browser's names hydrate onto them without a mismatch.
describe.skipIf(skipBrowserTests)('country names rendered on the server and hydrated', () => {
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

  const cases = [
    { language: 'en', malaysia: 'Malaysia', spain: 'Spain' },
    { language: 'es', malaysia: 'Malasia', spain: 'España' },
    { language: 'ar', malaysia: 'ماليزيا', spain: 'إسبانيا' },
    { language: 'ms', malaysia: 'Malaysia', spain: 'Sepanyol' },
  ];

  it.each(cases)('names them in $language on the buyer and seller sign-up pages', async ({ language, malaysia, spain }) => {
    const { page, context, problems } = await openPage(browser, server.url);
    await context.addCookies([{ name: 'lang', value: language, url: server.url }]);
    for (const path of ['/signup', '/seller/signup']) {
      const html = await (await page.request.get(path, { headers: { cookie: `lang=${language}` } })).text();
      expect(html).toContain(spain);
      await page.goto(path);
      await waitForHydration(page);
      const names = await page.locator('select option').allInnerTexts();
      expect(names.some((name) => name.includes(malaysia))).toBe(true);
      expect(names.some((name) => name.includes(spain))).toBe(true);
    }
    // A server and browser that named a country differently would log a hydration mismatch here.
    expect(problems).toEqual([]);
    await context.close();
  });
});
