/**
 * Screenshots of what issue #10 changed in the pages — the home page's category bar, the not-found
 * page of a missing product, the contact form with Latin text typed in Arabic, a product's size
 * chart — in English and Arabic, on a phone (390×844) and a desktop (1280×800), into
 * screenshots/issue10 (gitignored; only the visible screen, not the full page). Run after
 * `npm run build`: npx tsx e2e/screenshots-issue10.ts (BASE_URL=http://… uses a running server).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { waitForHydration } from './support/browser.js';
import { REPO_ROOT } from './support/server.js';
import { withScreenshots } from './support/screenshots.js';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

interface Shot {
  name: string;
  path: string;
  prepare?(page: Page): Promise<void>;
}

async function apparelProduct(baseURL: string): Promise<string> {
  const answer = (await (await fetch(`${baseURL}/v1/products?q=shirt&limit=20`)).json()) as { data: { items: { slug: string }[] } };
  for (const { slug } of answer.data.items) {
    const detail = (await (await fetch(`${baseURL}/v1/products/${slug}`)).json()) as { data: { sizeChart: unknown } };
    if (detail.data.sizeChart) return slug;
  }
  throw new Error('No demo product with a size chart');
}

await withScreenshots(async ({ browser, startServer }) => {
  const baseURL = process.env.BASE_URL ?? (await startServer()).url;
  const out = path.join(REPO_ROOT, 'screenshots', 'issue10');
  mkdirSync(out, { recursive: true });
  const shots: Shot[] = [
    { name: 'home', path: '/' },
    { name: 'not-found', path: '/p/nope' },
    {
      name: 'contact',
      path: '/contact',
      prepare: async (page) => {
        await page.locator('input[name="name"]').fill('Patchwork Collective');
        await page.locator('textarea').fill('12 Jalan Ampang, 50450 Kuala Lumpur');
      },
    },
    {
      name: 'size-chart',
      path: `/p/${await apparelProduct(baseURL)}`,
      prepare: async (page) => {
        await page.getByTestId('size-chart').locator('summary').click();
        await page.getByTestId('size-chart').scrollIntoViewIfNeeded();
      },
    },
  ];
  for (const shot of shots) {
    for (const viewport of VIEWPORTS) {
      for (const language of ['en', 'ar'] as const) {
        const context = await browser.newContext({ baseURL, viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: 1 });
        await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
        const page = await context.newPage();
        await page.goto(shot.path);
        await waitForHydration(page);
        await shot.prepare?.(page);
        const file = path.join(out, `${shot.name}-${language}-${viewport.name}.png`);
        await page.screenshot({ path: file });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        console.log(`${path.relative(REPO_ROOT, file)}${overflow > 0 ? `  (horizontal overflow: ${overflow}px)` : ''}`);
        await context.close();
      }
    }
  }
});
