/**
 * Screenshots of the seller portal's pages that load through their routes (issue #17 §1): the product
 * list, the store editor and the quotations, in English and Arabic on a phone and a laptop, into
 * screenshots/seller (gitignored). The seller's commission and the product form's customisation are in
 * screenshots-commissions.ts.
 * Run after `npm run build`: npx tsx e2e/screenshots-seller.ts (SHOTS=seller-store takes only that one).
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_SELLER } from './portal-helpers.js';
import { camera, portalShot, snackbarGone, withScreenshots } from './support/screenshots.js';

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer({ SEED_DEMO: 'true' });
  const take = camera(browser, { folder: 'seller', onlyVariable: 'SHOTS', settle: snackbarGone });
  const seller = (name: string, path: string, ready: (page: Page) => Promise<unknown>) =>
    portalShot({ name, path, login: { email: DEMO_SELLER, password: DEMO_PASSWORD }, ready: async (page) => void (await ready(page)) });
  await take(
    server.url,
    seller('seller-products', '/seller/products', (page) => page.getByTestId('seller-products').waitFor({ timeout: 15_000 })),
  );
  await take(
    server.url,
    seller('seller-store', '/seller/store', (page) => page.getByTestId('store-editor').waitFor({ timeout: 15_000 })),
  );
  await take(
    server.url,
    seller('seller-quotations', '/seller/quotations', (page) => page.getByTestId('seller-quotations').waitFor({ timeout: 15_000 })),
  );
});
