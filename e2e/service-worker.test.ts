import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, skipBrowserTests, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

describe.skipIf(skipBrowserTests)('service worker', () => {
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

  it('caches the shell and static assets, never the API, and shows the offline page without a network', async () => {
    const { page, context } = await openPage(browser, server.url);
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForSelector('[data-testid="trade-essentials"][data-state="ready"]');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Controlled from the next load on; that load fills the runtime cache with the assets.
    await page.reload();
    await waitForHydration(page);
    await page.waitForSelector('[data-testid="trade-essentials"][data-state="ready"]');
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached).toContain('/manifest.webmanifest');
    expect(cached.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true);
    expect(cached.some((url) => url.startsWith('/assets/') && url.endsWith('.css'))).toBe(true);
    // Nothing that can hold a user's data: no API answers, no pages.
    expect(cached.filter((url) => url.startsWith('/v1/'))).toEqual([]);
    expect(cached).not.toContain('/');

    await context.setOffline(true);
    await page.goto('/about').catch(() => undefined);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('أنت غير متصل بالإنترنت').isVisible()).toBe(true);
    await context.setOffline(false);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'About Tessera' }).waitFor();

    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    await context.close();
  });
});
