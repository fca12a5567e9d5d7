/**
 * A commission in Chromium (issue #13 §2, §6): the seller lets a product be customised in his product
 * form; a buyer asks a customisation with a reference image; the seller proposes; the buyer pays the
 * deposit by test card; the seller sends a proof; the buyer asks a change (the one agreed round); the
 * seller sends a second proof; the buyer approves. Each side sees every step on its own page.
 */
import { TEST_CARDS } from '@tessera/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginInPortal, pngImage, snackbarText } from './portal-helpers.js';
import { buyerCookies, LOGO_PNG, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { pickProducts } from './support/buying.js';
import { startServer, type TestServer } from './support/server.js';
import { SELLER } from './support/tracking.js';

/** Reopens a page and waits until it shows the commission in `status`. */
async function showsStatus(page: Page, status: string): Promise<void> {
  await page.reload();
  await waitForHydration(page);
  await page.locator(`[data-testid="commission-status"][data-status="${status}"]`).first().waitFor({ timeout: 15_000 });
}

/** The history's actions, newest first. */
const historyOf = (page: Page) =>
  page
    .getByTestId('commission-history')
    .locator('li')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-action')));

describe.skipIf(skipBrowserTests)('commissions', () => {
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

  it('goes request → proposal → deposit → proof → change → second proof → approval, both sides seeing each step', async () => {
    const base = server.url;
    const [product] = await pickProducts(base, { count: 1, store: 'atelier-nurul' });
    const productId = ((await (await fetch(`${base}/v1/products/${product!.slug}`, { headers: { language: 'en' } })).json()) as { data: { id: string } }).data
      .id;

    // The seller allows customisation (colour and personalisation) in his product form.
    const seller = await openPage(browser, base);
    const sp = seller.page;
    await loginInPortal(sp, `/seller/products/${productId}`, SELLER);
    const card = sp.getByTestId('customisation-card');
    await card.getByText('Buyers may customise this product').click();
    const options = card.getByTestId('customisation-options');
    await options.getByText('Size').click();
    await options.getByText('Material').click();
    await card.getByTestId('customisation-save').click();
    await snackbarText(sp, 'Customisation saved.');

    // The buyer asks from the product page: only the offered options are asked.
    const buyer = await signUpBuyerByApi(base, newBuyer('Amira', 'Haddad'));
    const { page, context, problems } = await openPage(browser, base);
    await context.addCookies(buyerCookies(base, buyer));
    await page.goto(product!.path);
    await waitForHydration(page);
    await page.getByTestId('customise-this').click();
    const form = page.getByTestId('commission-form');
    await form.getByTestId('choice-colour').waitFor();
    expect(await form.getByTestId('choice-size').count()).toBe(0);
    await form.getByTestId('choice-colour').fill('Indigo');
    await form.getByTestId('choice-personalisation').fill('For Layla, 2027');
    await form.getByLabel('Notes for the maker').fill('A little wider than the usual one, please.');
    await form.getByLabel('Reference images (up to 6)').setInputFiles([{ name: 'reference.png', mimeType: 'image/png', buffer: LOGO_PNG }]);
    await form.getByTestId('commission-send').click();
    await page.waitForURL(/\/profile\/commissions\/[^/?]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.locator('[data-testid="commission-status"][data-status="requested"]').waitFor();
    expect(await page.getByTestId('commission-request').innerText()).toContain('For Layla, 2027');
    await page.getByTestId('commission-references').locator('img').waitFor();
    expect(await page.locator('[data-testid="commission-steps"] [aria-current="step"]').getAttribute('data-stage')).toBe('proposal');

    // The seller finds it in his inbox and proposes: 120.00, deposit 36.00, one change round, half the deposit back on a cancel.
    await sp.goto('/seller/commissions');
    await waitForHydration(sp);
    await sp.getByTestId('seller-commission-row').filter({ hasText: product!.title }).first().getByRole('link').click();
    await sp.waitForURL(new RegExp(`/seller/commissions/${id}$`));
    const proposal = sp.getByTestId('proposal-form');
    await proposal.getByLabel('Price for the whole order').fill('120.00');
    await proposal.getByLabel('Deposit', { exact: true }).fill('36.00');
    await proposal.getByLabel('Lead time (days)').fill('21');
    await proposal.getByLabel('Change rounds included').fill('1');
    await proposal.getByLabel('Deposit refunded if the buyer cancels (%)').fill('50');
    await proposal.getByTestId('proposal-send').click();
    await sp.locator('[data-testid="commission-status"][data-status="proposed"]').waitFor();

    // The buyer reads the proposal and its rule, and pays the deposit by test card.
    await showsStatus(page, 'proposed');
    expect(await page.getByTestId('refund-rule').innerText()).toContain('50%');
    const pay = page.getByTestId('pay-deposit');
    expect(await pay.getByTestId('pay-amount').innerText()).toContain('36');
    await pay.getByTestId('card-number').fill(TEST_CARDS.success);
    await pay.getByTestId('card-expiry').fill('12/34');
    await pay.getByTestId('card-cvc').fill('123');
    await pay.getByTestId('pay-submit').click();
    await page.locator('[data-testid="commission-status"][data-status="deposit_paid"]').waitFor({ timeout: 15_000 });
    await page.getByTestId('commission-notice').getByText('Payment received.').waitFor();

    // The seller sees the deposit paid and sends a first proof.
    await showsStatus(sp, 'deposit_paid');
    const proof = async (colour: string) => {
      const proofForm = sp.getByTestId('proof-form');
      await proofForm.getByLabel('Proof images').setInputFiles([{ name: 'proof.png', mimeType: 'image/png', buffer: await pngImage(400, colour) }]);
      await proofForm.getByTestId('proof-send').click();
      await sp.locator('[data-testid="commission-status"][data-status="proof_sent"]').waitFor({ timeout: 15_000 });
    };
    await proof('#2f4f8f');

    // The buyer sees proof 1 and one change round left, and asks a change.
    await showsStatus(page, 'proof_sent');
    await page.locator('[data-testid="proof-round"][data-round="1"] img').waitFor();
    expect(await page.getByTestId('rounds-left').getAttribute('data-left')).toBe('1');
    await page.getByTestId('changes-note').fill('A deeper indigo, and the letters a little larger.');
    await page.getByTestId('ask-changes').click();
    await page.locator('[data-testid="commission-status"][data-status="changes_requested"]').waitFor();
    expect(await page.getByTestId('rounds-left').getAttribute('data-left')).toBe('0');

    // The seller reads the change asked and sends the second proof.
    await showsStatus(sp, 'changes_requested');
    await sp.getByTestId('commission-history').getByText('A deeper indigo').waitFor();
    await proof('#1b2f5c');

    // The buyer sees both rounds and approves the second.
    await showsStatus(page, 'proof_sent');
    await page.locator('[data-testid="proof-round"][data-round="2"] img').waitFor();
    expect(await page.getByTestId('proof-round').count()).toBe(2);
    await page.getByTestId('approve-proof').click();
    await page.locator('[data-testid="commission-status"][data-status="approved"]').waitFor();
    expect(await page.locator('[data-testid="commission-steps"] [aria-current="step"]').getAttribute('data-stage')).toBe('production');

    // Both sides read the same history, step by step; the seller may now start production.
    const steps = ['approve', 'proof', 'request_changes', 'proof', 'accept', 'propose', 'request'];
    expect(await historyOf(page)).toEqual(steps);
    await showsStatus(sp, 'approved');
    expect(await historyOf(sp)).toEqual(steps);
    await sp.getByTestId('seller-step-start_production').waitFor();

    // The buyer's list shows it approved.
    await page.goto('/profile/commissions');
    await waitForHydration(page);
    await page.getByTestId('commission-row').locator('[data-status="approved"]').waitFor();

    expect(unexpectedProblems(problems)).toEqual([]);
    expect(unexpectedProblems(seller.problems)).toEqual([]);
    await Promise.all([seller.context.close(), context.close()]);
  });
});
