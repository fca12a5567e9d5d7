import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER, pngImage, snackbarText } from './portal-helpers.js';
import { adminToken, buyerCookies, fieldError, newBuyer, registerCompanyByApi, reviewCompany, signUpBuyerByApi, TEXT_AS_PNG } from './support/accounts.js';
import { openPage, launchBrowser, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';
import { loginInPortal } from './portal-helpers.js';

/**
 * Issue #10, what a new user hit with uploads: a rejected company corrects and resubmits its
 * application from its page; a chosen file that is not a picture is named and left out when it is
 * chosen (seller photos, company logo), and the good ones are kept.
 */

const EXPECTED_4XX = [/status of 4\d\d/];

function companyFields(name: string): Record<string, string> {
  return {
    role: 'retailer',
    companyName: name,
    registrationNumber: `CR-UP-${Date.now()}-${Math.floor(Math.random() * 1000)}`,
    registrationExpiry: '2031-06-30',
    headOfficeNumber: '+60 3 1234 5678',
    headquartersAddress: 'Jalan Ampang',
    countries: '["MY"]',
    cities: '["Kuala Lumpur"]',
    contactName: 'Siti Aminah',
    contactMobile: '+60 12 345 6789',
    contactEmail: 'siti@example.com',
  };
}

describe.skipIf(skipBrowserTests)('uploads and the pages around them', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'true' });
    browser = await launchBrowser();
    admin = await adminToken(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a rejected company sees the reason, corrects its address and resubmits; the team finds it in the queue again', async () => {
    const buyer = newBuyer('Siti', 'Aminah');
    const session = await signUpBuyerByApi(server.url, buyer);
    await registerCompanyByApi(server.url, session, companyFields('Rumah Anyaman Trading'));
    await reviewCompany(server.url, admin, buyer.email, { decision: 'reject', reason: 'The headquarters address has no street number.' });

    const { page, context, problems, api } = await openPage(browser, server.url);
    await context.addCookies(buyerCookies(server.url, session));
    await page.goto('/profile/company');
    await waitForHydration(page);
    await page.locator('[data-testid="company-status"][data-status="rejected"]').waitFor();
    await page.getByText('The headquarters address has no street number.').first().waitFor();
    await page.getByRole('button', { name: 'Correct and resubmit' }).click();

    // The form starts from what was sent, with the reason on top and the files kept.
    const form = page.getByTestId('company-form');
    await form.waitFor();
    await page.getByTestId('company-correcting').getByText('The headquarters address has no street number.').waitFor();
    expect(await page.getByLabel('Company name', { exact: true }).inputValue()).toBe('Rumah Anyaman Trading');
    expect(await page.getByLabel('Headquarters address').inputValue()).toBe('Jalan Ampang');
    expect(await form.getByText('Keeping the file already sent').count()).toBe(2);

    // A logo that is not a picture is named and left out at once; the kept logo still counts.
    await page.locator('input[type="file"][name="logo"]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: TEXT_AS_PNG });
    await expect(fieldError(page, 'logo').innerText()).resolves.toContain('\u2068notes.png\u2069');
    expect(await page.getByRole('img', { name: 'Preview of the logo' }).count()).toBe(0);

    await page.getByLabel('Headquarters address').fill('12 Jalan Ampang, 50450 Kuala Lumpur');
    await page.getByRole('button', { name: 'Resubmit for approval' }).click();
    await snackbarText(page, 'Application sent again: waiting for approval');
    await page.locator('[data-testid="company-status"][data-status="pending"]').waitFor();
    // Only the corrected text went: no file, so the server kept the ones on file.
    const sent = api('POST', '/v1/customer/company')[0]!;
    expect(sent.postData()).not.toContain('name="logo"');
    expect((await sent.response())?.status()).toBe(200);

    // The store team sees it waiting again, and can approve it.
    await reviewCompany(server.url, admin, buyer.email, { decision: 'approve' });
    await page.reload();
    await page.locator('[data-testid="company-status"][data-status="approved"]').waitFor();

    expect(unexpectedProblems(problems, EXPECTED_4XX)).toEqual([]);
    await context.close();
  });

  it('a seller’s new product keeps the good photo, names the file that is not a picture, and publishes', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await loginInPortal(page, '/seller/products/new', DEMO_SELLER);
    const form = page.getByTestId('product-form');
    await form.waitFor({ timeout: 15_000 });

    await form.getByLabel('Title', { exact: true }).fill(`Songket cushion ${Date.now()}`);
    await form.getByLabel('Description', { exact: true }).fill('Gold thread woven into silk on a frame loom in Terengganu.');
    const category = form.getByLabel('Category', { exact: true });
    await category.selectOption((await category.locator('option').nth(1).getAttribute('value'))!);
    await form.getByLabel('Manufacturer').fill('Teratak Songket');
    await form.getByLabel('Price', { exact: true }).fill('40');
    await form.getByLabel('Maximum retail price (MRP)').fill('40');
    await form.getByLabel('Stock', { exact: true }).fill('5');
    await page.getByTestId('material-select').selectOption('silk');
    await page.getByTestId('material-share').fill('100');
    await form.getByLabel('Country of origin').selectOption('MY');
    await form.getByLabel('Maker', { exact: true }).fill('Mak Som');

    // Two photos chosen together: a text file named .png and a real picture.
    await page.getByTestId('product-image-input').setInputFiles([
      { name: 'notes.png', mimeType: 'image/png', buffer: TEXT_AS_PNG },
      { name: 'cushion.png', mimeType: 'image/png', buffer: await pngImage(900, '#8a5a2b') },
    ]);
    const problemsList = page.getByTestId('image-problems');
    await problemsList.waitFor();
    expect(await problemsList.innerText()).toBe('“\u2068notes.png\u2069” was not added: this field takes a JPEG, PNG, WebP or AVIF picture.');
    // Only the good one is in the list, and its preview shows.
    await expect(page.getByTestId('product-image').count()).resolves.toBe(1);
    const preview = page.getByTestId('product-image').first();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await preview.elementHandle());

    await page.getByTestId('publish-product').click();
    await snackbarText(page, 'Product published: buyers can find it now.');
    await page.waitForURL(/\/seller\/products\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('product-form-status').innerText()).toBe('Published');
    await expect(page.getByTestId('product-image').count()).resolves.toBe(1);

    expect(unexpectedProblems(problems, EXPECTED_4XX)).toEqual([]);
    await context.close();
  });
});
