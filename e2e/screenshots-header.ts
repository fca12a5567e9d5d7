/**
 * Screenshots of the header's on-demand parts (decision 011) in English and Arabic, on a phone
 * (390×844) and a laptop (1366×900), into screenshots/header (gitignored): the search box with its
 * suggestions open, and a signed-in buyer's account menu open, each over the home page; and the
 * product page, whose code now comes in a few larger chunks.
 * Run after `npm run build`: npx tsx e2e/screenshots-header.ts (SHOTS=header-search takes only that one).
 */
import { buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { camera, openHydrated, withScreenshots } from './support/screenshots.js';

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer();
  const base = server.url;
  const take = camera(browser, { folder: 'header', onlyVariable: 'SHOTS' });
  const buyer = await signUpBuyerByApi(base, newBuyer('Amira', 'Haddad'));
  const listing = (await (await fetch(`${base}/v1/products?limit=1`)).json()) as { data: { items: Array<{ slug: string }> } };

  await take(base, {
    name: 'header-search',
    open: async (page) => {
      await openHydrated(page, '/');
      // On a phone the box sits under the logo row; either way it is the visible one.
      const box = page.locator('[data-testid="search-input"]:visible').first();
      await box.click();
      await box.fill('cott');
      await page.locator('[data-testid="search-suggestion"]:visible').first().waitFor();
    },
  });
  await take(base, {
    name: 'header-account-menu',
    cookies: buyerCookies(base, buyer),
    open: async (page) => {
      await openHydrated(page, '/', '[data-testid="account-entry"]');
      await page.getByTestId('account-entry').getByRole('button').first().click();
      await page.getByTestId('account-entry').getByRole('link').first().waitFor();
    },
  });
  await take(base, {
    name: 'header-product',
    open: (page) => openHydrated(page, `/p/${listing.data.items[0]?.slug}`, '[data-testid="seller-card"]'),
  });
});
