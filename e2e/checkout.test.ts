import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, loginApi } from './portal-helpers.js';
import { addAddressByApi, buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { addFromProductPage, pickProducts } from './support/buying.js';
import { startServer, type TestServer } from './support/server.js';

const SELLER = 'seller@tessera.test';

describe.skipIf(skipBrowserTests)('a buyer checks out and follows the order live', () => {
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

  it('places a cash-on-delivery order, sees the seller accept it without reloading, and cancels it before packing', async () => {
    const base = server.url;
    const session = await signUpBuyerByApi(base, newBuyer('Lucía', 'Ortega'));
    await addAddressByApi(base, session, {
      name: 'Lucía Ortega',
      countryCode: '+60',
      mobile: '123456780',
      pincode: '20000',
      locality: 'Ladang',
      city: 'Kuala Terengganu',
      state: 'Terengganu',
      flatNumber: '3A',
      addressLine1: '12 Jalan Sultan Ismail',
      addressType: 'work',
    });
    const [product] = await pickProducts(base, { count: 1, store: 'atelier-nurul' });
    const { page, context, problems } = await openPage(browser, base);
    await context.addCookies(buyerCookies(base, session));

    await addFromProductPage(page, product!);
    await page.getByTestId('cart-badge').waitFor();
    await page.goto('/checkout');
    await waitForHydration(page);
    await page.getByTestId('checkout-form').waitFor();

    // Without a time the order is not sent: the page says what is missing.
    await page.getByTestId('place-order').click();
    await page.getByTestId('checkout-error').waitFor();
    expect(await page.getByTestId('checkout-error').innerText()).toContain('Choose a time');

    await page.getByTestId('slot').first().click();
    await page.getByTestId('checkout-note').fill('Loading bay at the back, ask for Lucía.');
    await page.getByTestId('payment-COD').click();
    await page.getByTestId('place-order').dblclick();
    await page.waitForURL(/\/profile\/orders\/[^/?]+\?placed=1/);
    await page.getByTestId('order-placed').waitFor();
    expect(await page.getByTestId('store-order').count()).toBe(1);
    expect(await page.getByTestId('store-order-status').innerText()).toBe('Placed');
    const orderId = (await page.getByTestId('order-id').innerText()).trim();

    // A double click placed one order.
    const seller = await loginApi(base, 'seller', SELLER);
    const incoming = await api<{ data: { storeOrders: { storeOrderId: string; orderId: string }[] } }>(base, 'GET', '/v1/seller/orders', { token: seller });
    const mine = incoming.body.data.storeOrders.filter((storeOrder) => storeOrder.orderId === orderId);
    expect(mine).toHaveLength(1);

    // The seller accepts: the buyer's page shows it live, without a reload.
    const accepted = await api(base, 'POST', `/v1/seller/orders/${mine[0]!.storeOrderId}/status`, { token: seller, body: { status: 'accepted' } });
    expect(accepted.status).toBe(200);
    await expect.poll(() => page.getByTestId('store-order-status').innerText(), { timeout: 15_000 }).toBe('Accepted');

    // Before packing the buyer cancels the store order with a reason.
    await page.getByTestId('cancel-store-order').click();
    await page.getByTestId('cancel-reason').fill('Ordered the wrong colour');
    await page.getByTestId('cancel-confirm').click();
    await expect.poll(() => page.getByTestId('store-order-status').innerText()).toBe('Cancelled');
    expect(await page.getByTestId('store-order').innerText()).toContain('Ordered the wrong colour');

    await page.goto('/profile/orders?state=past');
    await page.getByTestId('order-summary').first().waitFor();
    expect(await page.getByTestId('order-summary').first().innerText()).toContain('Cancelled');
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
