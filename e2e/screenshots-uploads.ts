/**
 * Screenshots of the upload fixes of issue #10 in English and Arabic, on a phone (390×844) and a
 * laptop (1366×900), into screenshots/uploads (gitignored): a rejected company's page with
 * "Correct and resubmit", the correction form with a refused logo, and the seller's new-product
 * form with a refused photo beside a kept one. Run after `npm run build`: npx tsx e2e/screenshots-uploads.ts
 * (SHOTS=company-correcting takes only that one).
 */
import { DEMO_PASSWORD, DEMO_SELLER, pngImage } from './portal-helpers.js';
import { adminToken, buyerCookies, newBuyer, registerCompanyByApi, reviewCompany, signUpBuyerByApi, TEXT_AS_PNG } from './support/accounts.js';
import { camera, openHydrated, portalShot, snackbarGone, withScreenshots } from './support/screenshots.js';

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer({ SEED_DEMO: 'true' });
  const take = camera(browser, { folder: 'uploads', onlyVariable: 'SHOTS', settle: snackbarGone });

  const buyer = newBuyer('Siti', 'Aminah');
  const session = await signUpBuyerByApi(server.url, buyer);
  await registerCompanyByApi(server.url, session, {
    role: 'retailer',
    companyName: 'Rumah Anyaman Trading',
    registrationNumber: `CR-SHOT-${Date.now()}`,
    registrationExpiry: '2031-06-30',
    headOfficeNumber: '+60 3 1234 5678',
    headquartersAddress: 'Jalan Ampang',
    countries: '["MY"]',
    cities: '["Kuala Lumpur"]',
    contactName: 'Siti Aminah',
    contactMobile: '+60 12 345 6789',
    contactEmail: 'siti@example.com',
  });
  await reviewCompany(server.url, await adminToken(server.url), buyer.email, { decision: 'reject', reason: 'The headquarters address has no street number.' });
  const cookies = buyerCookies(server.url, session);

  await take(server.url, {
    name: 'company-rejected',
    cookies,
    open: (page) => openHydrated(page, '/profile/company', '[data-testid="company-status"][data-status="rejected"]'),
  });
  await take(server.url, {
    name: 'company-correcting',
    cookies,
    async open(page) {
      await openHydrated(page, '/profile/company', '[data-testid="company-correct"]');
      await page.getByTestId('company-correct').click();
      await page.getByTestId('company-form').waitFor();
      await page.locator('input[type="file"][name="logo"]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: TEXT_AS_PNG });
      await page.waitForSelector('[data-field-error="logo"]');
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  });

  const photo = await pngImage(900, '#8a5a2b');
  await take(
    server.url,
    portalShot({
      name: 'seller-photo-refused',
      path: '/seller/products/new',
      login: { email: DEMO_SELLER, password: DEMO_PASSWORD },
      async ready(page) {
        await page.getByTestId('product-form').waitFor({ timeout: 15_000 });
        await page.getByTestId('product-image-input').setInputFiles([
          { name: 'notes.png', mimeType: 'image/png', buffer: TEXT_AS_PNG },
          { name: 'cushion.png', mimeType: 'image/png', buffer: photo },
        ]);
        await page.getByTestId('image-problems').waitFor();
        await page.getByTestId('image-problems').scrollIntoViewIfNeeded();
      },
    }),
  );
});
