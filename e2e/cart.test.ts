import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { addFromProductPage, pickProducts, type ProductPick } from './support/buying.js';
import { startServer, type TestServer } from './support/server.js';

async function badge(page: Page): Promise<number> {
  const text = await page.getByTestId('cart-badge').innerText({ timeout: 10_000 });
  return Number(text);
}

describe.skipIf(skipBrowserTests)('a guest fills a cart from two sellers', () => {
  let server: TestServer;
  let browser: Browser;
  let products: ProductPick[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    products = await pickProducts(server.url, { count: 2 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds from product pages (the badge follows without reload), changes a quantity, removes a line and empties the cart', async () => {
    const { page, problems } = await openPage(browser, server.url);
    const [first, second] = products as [ProductPick, ProductPick];

    await addFromProductPage(page, first);
    await page.getByText('Product Added Sucessfully').waitFor();
    await expect.poll(() => badge(page)).toBe(first.moq);

    await addFromProductPage(page, second);
    await expect.poll(() => badge(page)).toBe(first.moq + second.moq);

    await page.getByRole('link', { name: /Cart/ }).first().click();
    await page.waitForURL('**/cart');
    await page.getByTestId('cart-seller').nth(1).waitFor();
    expect(await page.getByTestId('cart-seller').count()).toBe(2);
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    const totalBefore = await page.getByTestId('total-totalAfterTax').innerText();

    // One more of the first product: the totals are priced again by the server.
    const firstLine = page.getByTestId('cart-line').filter({ hasText: first.title });
    await firstLine.getByRole('button', { name: 'One more' }).click();
    await expect.poll(() => badge(page)).toBe(first.moq + second.moq + 1);
    await expect.poll(() => page.getByTestId('total-totalAfterTax').innerText()).not.toBe(totalBefore);
    expect(await firstLine.getByRole('textbox').inputValue()).toBe(String(first.moq + 1));

    // Remove both lines: the seed's messages, then 'cart is empty'.
    await firstLine.getByTestId('cart-line-remove').click();
    await page.getByText('Product Removed Sucessfully').waitFor();
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await page.getByTestId('cart-line-remove').click();
    await page.getByTestId('cart-empty').waitFor();
    expect(await page.getByTestId('cart-empty').innerText()).toMatch(/cart is empty/i);
    expect(await page.getByTestId('cart-badge').count()).toBe(0);
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  it('a self-pickup cart asks before it takes a second seller, and replaces the cart when told to', async () => {
    const { page, problems } = await openPage(browser, server.url);
    const [first, second] = products as [ProductPick, ProductPick];
    await addFromProductPage(page, first);
    await expect.poll(() => badge(page)).toBe(first.moq);
    await page.goto('/cart');
    await waitForHydration(page);
    await page.getByTestId('delivery-mode-SELF_PICKUP').click();
    await expect.poll(() => page.getByTestId('delivery-mode-SELF_PICKUP').getAttribute('data-selected')).toBe('true');

    await addFromProductPage(page, second);
    const dialog = page.getByTestId('replace-cart-dialog');
    await dialog.waitFor();
    await page.getByRole('button', { name: 'Keep my cart' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await badge(page)).toBe(first.moq);

    await page.getByTestId('add-to-cart-button').click();
    await page.getByTestId('replace-cart-confirm').click();
    await page.getByText('Product Added Sucessfully').waitFor();
    await page.goto('/cart');
    await page.getByTestId('cart-line').first().waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    expect(await page.getByTestId('cart-line').innerText()).toContain(second.title);
    // The refused add (409, the cart holds another seller) is the browser's console line, not a fault.
    expect(unexpectedProblems(problems, [/status of 409/])).toEqual([]);
  });

  it('shows the cart in Arabic, right to left, on a phone', async () => {
    const { page, context, problems } = await openPage(browser, server.url, { viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: 'lang', value: 'ar', url: server.url }]);
    const [first] = products as [ProductPick];
    await addFromProductPage(page, first);
    await page.getByText('تمت إضافة المنتج بنجاح').or(page.getByTestId('cart-badge')).first().waitFor();
    await page.goto('/cart');
    await page.getByTestId('cart-line').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('سلتك');
    expect(await page.getByTestId('total-subtotalBeforeTax').innerText()).toContain('المجموع قبل الضريبة');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: '/tmp/cart-ar-phone.png', fullPage: true });
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
