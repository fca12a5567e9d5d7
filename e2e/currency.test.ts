import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO_ADMIN, loginInPortal, snackbarText } from './portal-helpers.js';
import { addAddressByApi, buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { addFromProductPage, pickProducts } from './support/buying.js';
import { startServer, type TestServer } from './support/server.js';

describe.skipIf(skipBrowserTests)('currency switch', () => {
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

  it('shows prices in rupees once INR is chosen, without a reload, and keeps them across one', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await page.goto('/search?q=cotton');
    await waitForHydration(page);
    const firstPrice = () => page.getByTestId('price').first().innerText();
    await expect.poll(firstPrice).toMatch(/€/);

    await page.getByTestId('currency-switch').first().selectOption('INR');
    await page.getByTestId('snackbar').getByText('Prices are now shown in INR').waitFor();
    await expect.poll(firstPrice).toMatch(/₹/);

    // A product page opened from there is in rupees too, rendered so by the server after a reload.
    await page.locator('main a[href*="/p/"]').first().click();
    await page.waitForURL('**/p/**');
    await expect.poll(firstPrice).toMatch(/₹/);
    await page.reload();
    await waitForHydration(page);
    expect(await firstPrice()).toMatch(/₹/);
    expect((await context.cookies()).find((c) => c.name === 'currencyCode')?.value).toBe('INR');

    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});

describe.skipIf(skipBrowserTests)('rupees from the team’s rate to the order', () => {
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

  const digits = (text: string) => Number(text.replace(/\D/g, ''));

  it('the team sets the INR rate in the console; the buyer’s cart, checkout and order are in rupees at that rate, and the order keeps it', async () => {
    const base = server.url;
    // The store team changes the rate on /admin/currencies.
    const admin = await openPage(browser, base);
    await loginInPortal(admin.page, '/admin/currencies', DEMO_ADMIN);
    const inr = admin.page.locator('[data-testid="currency-row"][data-code="INR"]');
    await inr.locator('input[name="rate"]').fill('91.25');
    await inr.getByRole('button', { name: /Save/ }).click();
    await snackbarText(admin.page, 'INR saved');
    const listed = await api<{ data: { currencies: { code: string; rate: string }[] } }>(base, 'GET', '/v1/currencies');
    expect(listed.body.data.currencies.find((c) => c.code === 'INR')?.rate).toBe('91.25');
    // A rate that is not a positive number is refused on the page, naming the field; nothing is sent.
    await inr.locator('input[name="rate"]').fill('-3');
    await inr.getByRole('button', { name: /Save/ }).click();
    await inr.getByText('Enter a rate greater than zero').waitFor();
    expect(unexpectedProblems(admin.problems)).toEqual([]);
    await admin.context.close();

    const session = await signUpBuyerByApi(base, newBuyer('Priya', 'Nair'));
    await addAddressByApi(base, session, {
      name: 'Priya Nair',
      countryCode: '+60',
      mobile: '123456781',
      pincode: '50450',
      locality: 'Bukit Bintang',
      city: 'Kuala Lumpur',
      state: 'Kuala Lumpur',
      flatNumber: '7',
      addressLine1: '1 Jalan Ampang',
      addressType: 'home',
    });
    const [product] = await pickProducts(base, { count: 1, store: 'atelier-nurul' });
    const { page, context, problems } = await openPage(browser, base);
    await context.addCookies([...buyerCookies(base, session), { name: 'currencyCode', value: 'INR', url: base }]);
    await addFromProductPage(page, product!);
    await page.getByTestId('cart-badge').waitFor();

    // The cart as the server prices it, in euros and in rupees: every rupee price is the euro one at 91.25.
    const cartIn = async (currency: string) =>
      (
        await api<{
          data: {
            totals: { totalAfterTax: { amount: number; currency: string } };
            sellers: { products: { variants: { unitPrice: { amount: number } }[] }[] }[];
          };
        }>(base, 'GET', `/v1/cart?latitude=3.139&longitude=101.6869`, { token: session.token.accessToken, headers: { currencycode: currency } })
      ).body.data;
    const [eur, rupees] = [await cartIn('EUR'), await cartIn('INR')];
    expect(rupees.totals.totalAfterTax.currency).toBe('INR');
    const unit = (cart: typeof eur) => cart.sellers[0]!.products[0]!.variants[0]!.unitPrice.amount;
    expect(unit(rupees)).toBe(Math.round(unit(eur) * 91.25));

    await page.goto('/cart');
    await waitForHydration(page);
    const total = () => page.getByTestId('total-totalAfterTax').innerText();
    await expect.poll(total).toMatch(/₹/);
    expect(digits(await total())).toBe(rupees.totals.totalAfterTax.amount);
    expect(await page.getByTestId('exchange-rate').innerText()).toContain('1 EUR = 91.25 INR');

    await page.goto('/checkout');
    await waitForHydration(page);
    await page.getByTestId('checkout-form').waitFor();
    await expect.poll(total).toMatch(/₹/);
    expect(await page.getByTestId('exchange-rate').innerText()).toContain('1 EUR = 91.25 INR');
    await page.getByTestId('slot').first().click();
    await page.getByTestId('payment-COD').click();
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/profile\/orders\/[^/?]+\?placed=1/);
    await page.getByTestId('order-placed').waitFor();
    await expect.poll(total).toMatch(/₹/);
    expect(await page.getByTestId('exchange-rate').innerText()).toContain('1 EUR = 91.25 INR');

    // The order keeps the rate it was charged at.
    const orderId = (await page.getByTestId('order-id').innerText()).trim();
    const order = await api<{
      data: { totals: { totalAfterTax: { amount: number; currency: string } }; exchangeRate: { from: string; to: string; rate: string } };
    }>(base, 'GET', `/v1/orders/${orderId}`, { token: session.token.accessToken });
    expect(order.body.data.exchangeRate).toMatchObject({ from: 'EUR', to: 'INR', rate: '91.25' });
    expect(order.body.data.totals.totalAfterTax.currency).toBe('INR');
    expect(digits(await total())).toBe(order.body.data.totals.totalAfterTax.amount);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});
