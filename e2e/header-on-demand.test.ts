import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, skipBrowserTests, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

/**
 * The header's search list is downloaded when the search box is first used (decision 011). A failed
 * download (no network, or a file a new deployment replaced) must leave a working page with a plain
 * search form, and the list must come once the file can be had again.
 */
describe.skipIf(skipBrowserTests)("the header's parts downloaded on demand", () => {
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

  it('keeps the page working when the search list cannot be downloaded, and shows it once it can', async () => {
    const { context, page } = await openPage(browser, server.url);
    try {
      let refused = 0;
      await context.route(/\/assets\/SearchDropdown-[^/]+\.js$/, async (route) => {
        refused++;
        await route.abort('internetdisconnected');
      });
      await page.goto('/');
      await waitForHydration(page);
      const box = page.getByTestId('search-input').first();
      await box.click();
      await box.fill('cott');
      await expect.poll(() => refused).toBeGreaterThan(0);
      // No error page, no list: the box keeps what was typed and still searches.
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      expect(await page.getByTestId('search-dropdown').count()).toBe(0);
      expect(await box.inputValue()).toBe('cott');

      // The network is back: the next keystroke asks again and the suggestions come.
      await context.unroute(/\/assets\/SearchDropdown-[^/]+\.js$/);
      await box.press('o');
      await page.getByTestId('search-suggestion').first().waitFor();
      await box.press('Enter');
      await page.waitForURL(/\/search\?q=/);
      expect(new URL(page.url()).searchParams.get('q')).toMatch(/^cotto?n?/);
    } finally {
      await context.close();
    }
  });
});
