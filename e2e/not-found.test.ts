import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

describe('unknown paths over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 404 with the not-found page for pages, JSON for the API', async () => {
    const page = await fetch(`${server.url}/no/such/page`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('page has gone missing');
    const api = await fetch(`${server.url}/v1/no-such-endpoint`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe.skipIf(skipBrowserTests)('not-found page in the browser', () => {
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

  it('shows "page has gone missing" with status 404, translated, and leads home', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    const heading = page.getByRole('heading', { level: 1 });
    expect((await heading.textContent())?.trim()).toBe('page has gone missing');
    expect(await heading.isVisible()).toBe(true);
    expect(await page.title()).toContain('page has gone missing');

    await context.addCookies([{ name: 'lang', value: 'ar', url: server.url }]);
    const arabic = await page.goto('/definitely/not/here');
    expect(arabic?.status()).toBe(404);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe('الصفحة مفقودة');

    // Its link leads back home (a client-side navigation after hydration).
    await context.clearCookies({ name: 'lang' });
    await page.goto('/another/missing/page');
    await waitForHydration(page);
    await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
    await page.locator('#hero-title').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(unexpectedProblems(problems, [/status of 404/])).toEqual([]);
    await context.close();
  });
});
