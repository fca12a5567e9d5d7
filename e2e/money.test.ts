import type { Browser, Page } from 'playwright-core';
import { TEST_CARDS } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, loginApi, useLanguage } from './portal-helpers.js';
import { addAddressByApi, buyerCookies, newBuyer, signUpBuyerByApi, type BuyerSession } from './support/accounts.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { addFromProductPage, pickProducts, placedOrderId, typeCard, type ProductPick } from './support/buying.js';
import { startServer, type TestServer } from './support/server.js';

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

/** A buyer with a delivery address, signed in in a fresh page. */
async function buyerPage(browser: Browser, base: string, options: { language?: string; phone?: boolean } = {}) {
  const session = await signUpBuyerByApi(base, newBuyer('Nurul', 'Aziz'));
  await addAddressByApi(base, session, ADDRESS);
  const opened = await openPage(browser, base, options.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  await opened.context.addCookies(buyerCookies(base, session));
  if (options.language) await useLanguage(opened.context, base, options.language);
  return { ...opened, session };
}

/** Opens the checkout with the product in the cart and picks the first time of each seller. */
async function openCheckout(page: Page, product: ProductPick): Promise<void> {
  await addFromProductPage(page, product);
  await page.getByTestId('cart-badge').waitFor();
  await page.goto('/checkout');
  await waitForHydration(page);
  await page.getByTestId('checkout-form').waitFor();
  await page.getByTestId('slot').first().click();
}

async function buyerOrders(base: string, session: BuyerSession): Promise<string[]> {
  const active = await api<{ data: { orders: { orderId: string }[] } }>(base, 'GET', '/v1/orders?state=active', { token: session.token.accessToken });
  return active.body.data.orders.map((order) => order.orderId);
}

describe.skipIf(skipBrowserTests)('a buyer pays by card, by 3-D Secure card and from the wallet', () => {
  let server: TestServer;
  let browser: Browser;
  let promoCode: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // The store team runs a public code: it is on the offers page.
    promoCode = `TEN${Date.now().toString(36).toUpperCase()}`;
    const admin = await loginApi(server.url, 'admin', 'admin@tessera.test');
    const created = await api(server.url, 'POST', '/v1/admin/promotions', {
      token: admin,
      body: { code: promoCode, title: { en: 'Ten percent off your order' }, discountType: 'percentage', value: 10 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("sees the store team's code on the offers page, is refused a declined card, pays by a test card it saves, then by a card that asks for a second step", async () => {
    const base = server.url;
    const [product] = await pickProducts(base, { count: 1, store: 'atelier-nurul' });
    const { page, problems, session } = await buyerPage(browser, base);

    // The offers page lists the code; 'Use this code' keeps it (appliedPromocode) for the cart.
    await page.goto('/offers');
    await waitForHydration(page);
    const offer = page.locator(`[data-testid="offer"][data-code="${promoCode}"]`);
    await offer.waitFor();
    expect(await offer.innerText()).toContain('10%');

    await openCheckout(page, product!);
    // A declined card leaves no order; the accepted one is kept for next time.
    await page.getByTestId('payment-Card').click();
    await typeCard(page, TEST_CARDS.declined);
    await page.getByTestId('place-order').click();
    await page.getByTestId('checkout-error').waitFor();
    expect(await buyerOrders(base, session)).toEqual([]);

    await typeCard(page, TEST_CARDS.success);
    await page.getByTestId('card-save').check();
    await page.getByTestId('place-order').dblclick();
    const first = await placedOrderId(page);
    // The double click placed one order.
    expect(await buyerOrders(base, session)).toEqual([first]);

    // The saved card: brand, last four, expiry.
    await page.goto('/profile/cards');
    await waitForHydration(page);
    await page.getByTestId('saved-card').waitFor();
    expect(await page.getByTestId('saved-card').innerText()).toMatch(/Visa[\s\S]*4242[\s\S]*12\/34/);

    // A card that needs a second step: the dialog asks, the buyer confirms, the order is placed.
    await openCheckout(page, product!);
    await page.getByTestId('payment-Card').click();
    await page.getByTestId('new-card-option').click();
    await typeCard(page, TEST_CARDS.requiresAction);
    await page.getByTestId('place-order').click();
    await page.getByTestId('payment-action').waitFor();
    await page.getByTestId('payment-action-confirm').click();
    const second = await placedOrderId(page);
    expect(second).not.toBe(first);
    expect((await buyerOrders(base, session)).sort()).toEqual([first, second].sort());

    // The saved card is removed.
    await page.goto('/profile/cards');
    await waitForHydration(page);
    await page.getByTestId('card-remove').first().click();
    await page.getByTestId('cards-empty').waitFor();
    // The declined card's answer (402) is the one failed request the page shows.
    expect(unexpectedProblems(problems, [/status of 402/])).toEqual([]);
  });

  it('tops the wallet up by a 3-D Secure card and pays an order from it', async () => {
    const base = server.url;
    const [product] = await pickProducts(base, { count: 1, store: 'atelier-nurul' });
    const { page, problems } = await buyerPage(browser, base);

    await page.goto('/profile/wallet');
    await waitForHydration(page);
    await page.getByTestId('wallet-balance').waitFor();
    expect(await page.getByTestId('wallet-balance').innerText()).toContain('0.00');
    await page.getByTestId('topup-amount').fill('5000');
    await typeCard(page, TEST_CARDS.requiresAction);
    await page.getByTestId('topup-submit').click();
    await page.getByTestId('payment-action').waitFor();
    await page.getByTestId('payment-action-confirm').click();
    await page.getByTestId('topup-done').waitFor();
    await expect.poll(() => page.getByTestId('wallet-balance').innerText()).toContain('5,000.00');
    const topUp = page.getByTestId('wallet-transaction').first();
    expect(await topUp.getAttribute('data-kind')).toBe('topup');
    expect(await topUp.getByTestId('wallet-type').innerText()).toBe('ENTRY');

    // The checkout shows the balance and pays from it.
    await openCheckout(page, product!);
    expect(await page.getByTestId('checkout-wallet-balance').innerText()).toContain('5,000.00');
    await page.getByTestId('payment-Wallet').click();
    await page.getByTestId('place-order').click();
    await placedOrderId(page);

    await page.goto('/profile/wallet');
    await waitForHydration(page);
    await page.getByTestId('wallet-transaction').first().waitFor();
    const paid = page.getByTestId('wallet-transaction').first();
    expect(await paid.getAttribute('data-kind')).toBe('order_payment');
    expect(await paid.getByTestId('wallet-type').innerText()).toBe('SHOPPING');
    expect(await page.getByTestId('wallet-balance').innerText()).not.toContain('5,000.00');

    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('checks out in Arabic on a phone: right to left, by test card', async () => {
    const base = server.url;
    const [product] = await pickProducts(base, { count: 1, store: 'atelier-nurul' });
    const { page, problems } = await buyerPage(browser, base, { language: 'ar', phone: true });
    await openCheckout(page, product!);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('payment-Card').innerText()).toContain('بطاقة');
    await page.getByTestId('payment-Card').click();
    await typeCard(page, TEST_CARDS.success);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.getByTestId('place-order').click();
    await placedOrderId(page);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
