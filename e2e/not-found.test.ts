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

  it('answers a browser opening /chat or an unknown API-ish path with a page, never raw JSON', async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const chat = await fetch(`${server.url}/chat`, { headers: { accept }, redirect: 'manual' });
    expect(chat.status).toBe(302);
    expect(chat.headers.get('location')).toBe('/profile/message-center');
    for (const path of ['/chat/conversations', '/chat/no-such-thing', '/v1/no-such-endpoint']) {
      const answer = await fetch(`${server.url}${path}`, { headers: { accept }, redirect: 'manual' });
      if (path.startsWith('/chat/conversations')) {
        // A real chat address: the browser is sent to the message center.
        expect(answer.status, path).toBe(302);
        expect(answer.headers.get('location'), path).toBe('/profile/message-center');
      } else {
        expect(answer.status, path).toBe(404);
        expect(answer.headers.get('content-type'), path).toMatch(/text\/html/);
        expect(await answer.text(), path).toContain('page has gone missing');
      }
    }
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

  it('shows a missing product, category or store inside the site layout, translated, with status 404', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await context.addCookies([{ name: 'lang', value: 'ar', url: server.url }]);
    for (const path of ['/p/nope', '/c/nope', '/store/nope', '/makers/nope']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await waitForHydration(page);
      expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim(), path).toBe('الصفحة مفقودة');
      expect(await page.title(), path).toContain('الصفحة مفقودة');
      expect(await page.getByRole('banner').isVisible(), path).toBe(true);
      expect(await page.getByRole('contentinfo').isVisible(), path).toBe(true);
      expect(await page.locator('html').getAttribute('dir'), path).toBe('rtl');
    }
    // A browser that opens a chat API address lands on a page, not on JSON.
    await page.goto('/chat/no-such-thing');
    await waitForHydration(page);
    expect(await page.getByTestId('not-found').isVisible()).toBe(true);
    expect(unexpectedProblems(problems, [/status of 404/])).toEqual([]);
    await context.close();
  });
});
