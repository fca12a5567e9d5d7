import type { Browser, Page } from 'playwright-core';
import { TEST_CARDS, type TQuotationRequestDetail } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, loginInPortal, SMALL_PDF, unique, useLanguage } from './portal-helpers.js';
import { addAddressByApi, buyerCookies, fieldError, newBuyer, signUpBuyerByApi, type BuyerSession } from './support/accounts.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { placedOrderId, typeCard } from './support/buying.js';
import { twoStoresOfOneCategory, type Offer } from './support/quotations.js';
import { startServer, type TestServer } from './support/server.js';

/** The buyer's address: the demo artisan (atelier-nurul) delivers there, so his accepted quotation can be paid. */
const ADDRESS = {
  name: 'Nurul Aziz',
  countryCode: '+60',
  mobile: '123456781',
  pincode: '20000',
  locality: 'Ladang',
  city: 'Kuala Terengganu',
  state: 'Terengganu',
  flatNumber: '7B',
  addressLine1: '4 Jalan Sultan Zainal Abidin',
  addressType: 'work',
};
const DAY = 86_400_000;

/** The seller portal's card of one request (found by its description). */
const requestCard = (page: Page, description: string) => page.getByTestId('seller-quotation-inbox').locator('article', { hasText: description });

async function detail(base: string, buyer: BuyerSession, id: string): Promise<TQuotationRequestDetail> {
  const answer = await api<{ data: TQuotationRequestDetail }>(base, 'GET', `/v1/quotation-requests/${id}`, { token: buyer.token.accessToken });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Fills a seller's answer: for an RFQ the product and its variant, the price, the validity date. */
async function fillAnswer(card: ReturnType<typeof requestCard>, offer: Offer, price: string, validUntil: string): Promise<void> {
  await card.getByTestId('answer-product').selectOption(offer.productId);
  await card.getByTestId('answer-variant').selectOption(offer.variantId);
  await card.getByTestId('answer-price').fill(price);
  await card.getByTestId('answer-valid-until').fill(validUntil);
}

describe.skipIf(skipBrowserTests)('quotations: a buyer asks many sellers, compares the answers, accepts one and pays it', () => {
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

  it('posts an RFQ; two sellers answer (one refused a price of 0 and a past date in Arabic, then sends a PDF); the buyer compares, accepts, pays; the other is declined', async () => {
    const base = server.url;
    const quantity = 3;
    const [nurul, other] = await twoStoresOfOneCategory(base, quantity);
    const description = `Hand-woven table runners for our shops, natural dyes (${unique('rfq')})`;

    // The buyer posts a request for quotation in the category.
    const buyer = await signUpBuyerByApi(base, newBuyer('Nurul', 'Aziz'));
    await addAddressByApi(base, buyer, ADDRESS);
    const shopper = await openPage(browser, base);
    await shopper.context.addCookies(buyerCookies(base, buyer));
    const page = shopper.page;
    await page.goto('/profile/quotations?new=rfq');
    await waitForHydration(page);
    const form = page.getByTestId('quotation-form');
    await form.locator('select[name="categoryId"]').selectOption(nurul.categoryId);
    await form.locator('textarea[name="description"]').fill(description);
    await form.locator('input[name="quantity"]').fill(String(quantity));
    await form.locator('input[name="deadline"]').fill(new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10));
    await form.getByTestId('attachments-input').setInputFiles({ name: 'runner-brief.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
    await form.getByTestId('attachment-chosen').waitFor();
    await page.getByTestId('quotation-send').click();
    await page.waitForURL(/\/profile\/quotations\/[^/?]+$/);
    const requestId = new URL(page.url()).pathname.split('/').pop()!;
    // Every store making such things is invited (both of ours among them); none has answered.
    await page.getByTestId('quotations-waiting').waitFor();
    const invited = (await detail(base, buyer, requestId)).quotations;
    expect(invited.map((q) => q.store.name)).toEqual(expect.arrayContaining([nurul.storeName, other.storeName]));
    expect(invited.every((q) => q.state === 'requested')).toBe(true);

    // The other maker works in Arabic: a price of 0, then a past validity, are refused under the field, and nothing is saved.
    const maker = await openPage(browser, base);
    await useLanguage(maker.context, base, 'ar');
    await loginInPortal(maker.page, '/seller/quotations', other.email);
    const makerCard = requestCard(maker.page, description);
    await makerCard.getByTestId('answer-form').waitFor();
    await fillAnswer(makerCard, other, '0', new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10));
    await makerCard.getByTestId('answer-send').click();
    await fieldError(maker.page, 'unitPrice').waitFor();
    expect(await fieldError(maker.page, 'unitPrice').innerText()).toMatch(/[\u0600-\u06FF]/);
    await makerCard.getByTestId('answer-price').fill('11.50');
    await makerCard.getByTestId('answer-valid-until').fill(new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10));
    await makerCard.getByTestId('answer-send').click();
    await fieldError(maker.page, 'validUntil').waitFor();
    expect(await fieldError(maker.page, 'validUntil').innerText()).toMatch(/[\u0600-\u06FF]/);
    expect((await detail(base, buyer, requestId)).quotations.every((q) => q.state === 'requested' && q.unitPrice === null)).toBe(true);
    // Then a good answer with a PDF specification.
    await makerCard.getByTestId('answer-valid-until').fill(new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10));
    await makerCard.getByTestId('attachments-input').setInputFiles({ name: 'runner-spec.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
    await makerCard.getByTestId('attachment-chosen').waitFor();
    await makerCard.getByTestId('answer-send').click();
    await makerCard.locator('[data-testid="quotation-state"][data-state="answered"]').waitFor();
    await makerCard.getByTestId('answer-files').getByText('runner-spec.pdf').waitFor();

    // The demo artisan answers in English, cheaper, no file.
    const artisan = await openPage(browser, base);
    await loginInPortal(artisan.page, '/seller/quotations', nurul.email);
    const artisanCard = requestCard(artisan.page, description);
    await artisanCard.getByTestId('answer-form').waitFor();
    // The buyer's brief is a link in his inbox (signed and expiring: the portal's session is no cookie) that opens the file.
    const brief = artisanCard.getByRole('link', { name: 'runner-brief.pdf' });
    const briefLink = new URL((await brief.getAttribute('href'))!, base);
    expect(briefLink.pathname).toMatch(/\/link$/);
    expect(briefLink.searchParams.get('expires')).toMatch(/^\d+$/);
    const briefFile = await fetch(briefLink);
    expect(briefFile.status).toBe(200);
    expect(briefFile.headers.get('content-type')).toBe('application/pdf');
    // His products of the request's category come first; a title search narrows the list (asked of the server).
    const picker = artisanCard.getByTestId('answer-product');
    const ours = picker.locator(`optgroup:first-of-type option[value="${nurul.productId}"]`);
    await ours.waitFor({ state: 'attached' });
    const title = ((await ours.textContent()) ?? '').trim();
    await artisanCard.getByTestId('answer-product-search').fill(title);
    await expect
      .poll(async () => {
        const shown = await picker.locator('option:not([value=""])').evaluateAll((options) => options.map((option) => option.textContent ?? ''));
        return shown.length > 0 && shown.every((text) => text.toLowerCase().includes(title.toLowerCase()));
      })
      .toBe(true);
    await fillAnswer(artisanCard, nurul, '9.50', new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10));
    await artisanCard.getByTestId('answer-terms').fill('Woven to order; shipped in two weeks.');
    await artisanCard.getByTestId('answer-send').click();
    await artisanCard.locator('[data-testid="quotation-state"][data-state="answered"]').waitFor();

    // The buyer compares the two answers side by side: prices, the maker's file (which opens for him).
    await page.reload();
    await waitForHydration(page);
    const table = page.getByTestId('compare-table');
    await expect.poll(() => table.locator('[data-testid="quotation-state"][data-state="answered"]').count()).toBe(2);
    const text = await table.innerText();
    expect(text).toContain(nurul.storeName);
    expect(text).toContain(other.storeName);
    expect(text).toMatch(/9\.50/);
    expect(text).toMatch(/11\.50/);
    const file = table.getByTestId('quotation-attachment');
    expect(await file.innerText()).toBe('runner-spec.pdf');
    const opened = await page.request.get(new URL((await file.getAttribute('href'))!, base).toString());
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');

    // He accepts the artisan's: the cart opens with it, and he pays by the test card.
    // The table's columns are the answered quotations, in the API's order.
    const order = (await detail(base, buyer, requestId)).quotations.filter((q) => q.unitPrice !== null).map((q) => q.store.name);
    expect([...order].sort()).toEqual([nurul.storeName, other.storeName].sort());
    await table.getByTestId('accept-quotation').nth(order.indexOf(nurul.storeName)).click();
    await page.waitForURL(/\/cart$/);
    await page.goto('/checkout');
    await waitForHydration(page);
    await page.getByTestId('checkout-form').waitFor();
    await page.getByTestId('slot').first().click();
    await page.getByTestId('payment-Card').click();
    await typeCard(page, TEST_CARDS.success);
    await page.getByTestId('place-order').click();
    const orderId = await placedOrderId(page);
    expect(orderId).not.toBe('');
    const states = Object.fromEntries((await detail(base, buyer, requestId)).quotations.map((q) => [q.store.name, q.state]));
    expect(states).toMatchObject({ [nurul.storeName]: 'accepted', [other.storeName]: 'declined' });

    // The other maker sees his answer declined.
    await maker.page.reload();
    await waitForHydration(maker.page);
    await requestCard(maker.page, description).locator('[data-testid="quotation-state"][data-state="declined"]').waitFor();

    // The refused answers (400) are the only failed requests the pages show.
    expect(unexpectedProblems(maker.problems, [/status of 400/])).toEqual([]);
    expect(unexpectedProblems(artisan.problems)).toEqual([]);
    expect(unexpectedProblems(shopper.problems)).toEqual([]);
    // Three browsers and a checkout: longer than the default minute on a shared machine.
  }, 240_000);
});
