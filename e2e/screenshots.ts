/**
 * Screenshots of the home page, the not-found page and the password gate in English and Arabic, on
 * a phone (390×844) and a laptop (1366×900), into /work/main/screenshots (gitignored).
 * Run after `npm run build`: npx tsx e2e/screenshots.ts (SCREENSHOT_ALL=1 adds cart, account, about
 * and search).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration } from './support/browser.js';
import { REPO_ROOT, startServer, type TestServer } from './support/server.js';

const OUT = path.join(REPO_ROOT, 'screenshots');
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;
const LANGUAGES = ['en', 'ar'] as const;

async function shoot(browser: Browser, server: TestServer, page: { name: string; path: string; ready: string; mobile?: boolean }) {
  for (const viewport of VIEWPORTS) {
    for (const language of LANGUAGES) {
      const phone = viewport.name === 'phone';
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
        isMobile: phone,
        hasTouch: phone,
        userAgent: phone
          ? 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36'
          : undefined,
      });
      await context.addCookies([{ name: 'lang', value: language, url: server.url }]);
      const tab = await context.newPage();
      await tab.goto(page.path);
      await waitForHydration(tab);
      await tab.waitForSelector(page.ready, { timeout: 15_000 });
      const file = path.join(OUT, `${page.name}-${language}-${viewport.name}.png`);
      await tab.screenshot({ path: file, fullPage: true });
      if (phone) {
        // The full phone page is very tall; slices of it are easier to review.
        const height = await tab.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, part = 1; y < height; y += 1000, part++) {
          await tab.screenshot({
            path: path.join(OUT, 'parts', `${page.name}-${language}-${viewport.name}-${part}.png`),
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

mkdirSync(path.join(OUT, 'parts'), { recursive: true });
const browser = await launchBrowser();
const open = await startServer();
const locked = await startServer({ SITE_PASSWORD: 'screenshot-password' });
try {
  await shoot(browser, open, { name: 'home', path: '/', ready: '[data-testid="trade-essentials"][data-state="ready"]' });
  await shoot(browser, open, { name: 'not-found', path: '/no/such/page', ready: '[data-testid="not-found"]' });
  await shoot(browser, locked, { name: 'gate', path: '/', ready: '[data-testid="password-gate"]' });
  if (process.env.SCREENSHOT_ALL === '1') {
    await shoot(browser, open, { name: 'cart', path: '/cart', ready: '[data-testid="cart-empty"]' });
    await shoot(browser, open, { name: 'account', path: '/account', ready: '[data-testid="account-status"]' });
    await shoot(browser, open, { name: 'about', path: '/about', ready: 'h1' });
    await shoot(browser, open, { name: 'search', path: '/search?q=linen', ready: '[data-testid="search-empty"]' });
  }
} finally {
  await browser.close();
  await open.stop();
  await locked.stop();
}
