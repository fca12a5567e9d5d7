import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO_SELLER, loginApi, loginInPortal, pngImage, snackbarText, unique, uniqueEmail, uniquePhone } from './portal-helpers.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

/** A made-up word nobody else's product has, so that the buyer's search finds exactly this one. */
function madeUpWord(): string {
  const letters = 'bcdfghjklmnprstvz';
  const vowels = 'aeiou';
  const bytes = randomBytes(8);
  let word = '';
  for (let i = 0; i < 8; i++) word += i % 2 === 0 ? letters[bytes[i]! % letters.length] : vowels[bytes[i]! % vowels.length];
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A draft product of the demo seller, made through the API: the fields every product needs, with
 * `changes` on top. Answers its id.
 */
async function createDraft(baseUrl: string, token: string, changes: Record<string, unknown>): Promise<string> {
  const categories = await api<{ data: { categories: Array<{ id: string }> } }>(baseUrl, 'GET', '/v1/categories');
  const created = await api<{ data: { id: string } }>(baseUrl, 'POST', '/v1/seller/products', {
    token,
    body: {
      highlights: {},
      specs: [],
      sizeChart: null,
      manufacturer: 'Atelier Nurul',
      categoryId: categories.body.data.categories[0]!.id,
      brandId: null,
      currency: 'EUR',
      moq: 1,
      restockable: true,
      variants: [],
      certifications: [],
      originCountry: 'MY',
      originRegion: '',
      makerName: 'Nurul Aziz',
      makerType: 'artisan',
      leadTimeDays: 10,
      tags: [],
      ...changes,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.id;
}

/** A draft made by `createDraft`, given a photo and published: buyers can open it. Answers its id. */
async function publishedProduct(baseUrl: string, token: string, changes: Record<string, unknown>, colour: string): Promise<string> {
  const id = await createDraft(baseUrl, token, changes);
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(await pngImage(800, colour))], { type: 'image/png' }), 'photo.png');
  expect((await api(baseUrl, 'POST', `/v1/seller/products/${id}/images`, { token, form })).status).toBe(200);
  expect((await api(baseUrl, 'POST', `/v1/seller/products/${id}/publish`, { token })).status).toBe(200);
  return id;
}

describe.skipIf(skipBrowserTests)('seller catalog', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a seller creates a product with a photo through the form and publishes it; a buyer finds it by its title and opens it', async () => {
    const title = `${madeUpWord()} batik scarf`;
    const seller = await openPage(browser, server.url);
    const { page } = seller;
    await loginInPortal(page, '/seller/products', DEMO_SELLER);
    await page.getByTestId('seller-products').waitFor({ timeout: 15_000 });

    await page.getByTestId('new-product').click();
    await page.waitForURL(/\/seller\/products\/new$/);
    const form = page.getByTestId('product-form');

    // The form's own checks speak first, under the fields they are about.
    await page.getByTestId('save-product').click();
    expect(await page.getByTestId('error-title.en').innerText()).toBe('Write the English text: buyers see it when their language is missing.');
    await snackbarText(page, 'Some fields need your attention.');

    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Description', { exact: true }).fill('Hand-drawn batik on organic cotton, dyed with indigo and mengkudu root.');
    await form.getByLabel('Highlights').fill('Hand-drawn with a canting\nNatural dyes');
    // Arabic texts are written right to left.
    await form.getByRole('tab', { name: 'العربية' }).click();
    const arabicTitle = form.locator('input[name="title.ar"]');
    expect(await arabicTitle.getAttribute('dir')).toBe('rtl');
    await arabicTitle.fill('وشاح باتيك مرسوم باليد');
    await form.getByRole('tab', { name: 'English' }).click();

    const category = form.getByLabel('Category', { exact: true });
    const firstCategory = await category.locator('option').nth(1).getAttribute('value');
    expect(firstCategory).toBeTruthy();
    await category.selectOption(firstCategory!);
    await form.getByLabel('Manufacturer').fill('Atelier Nurul');

    await form.getByLabel('Price', { exact: true }).fill('24.50');
    await form.getByLabel('Maximum retail price (MRP)').fill('30');
    // 5.50 off 30.00 is 18.3%: buyers see a whole percent, as the server derives it.
    expect(await page.getByTestId('discount-preview').innerText()).toBe('Buyers see a 18% discount.');
    await form.getByLabel('Minimum order quantity').fill('2');
    await form.getByLabel('Stock', { exact: true }).fill('12');

    await page.getByTestId('material-select').selectOption('organic-cotton');
    await page.getByTestId('material-share').fill('80');
    expect(await page.getByTestId('materials-total').innerText()).toBe('The shares must add up to 100%. Now: 80%.');
    await page.getByTestId('material-share').fill('100');
    expect(await page.getByTestId('materials-total').innerText()).toBe('Total: 100%');
    await form.getByLabel('Country of origin').selectOption('MY');
    await form.getByLabel('Region').fill('Kelantan');
    await form.getByLabel('Maker', { exact: true }).fill('Nurul Aziz');

    // A photo chosen before the first save shows as a preview and is uploaded with it.
    await page.getByTestId('product-image-input').setInputFiles({ name: 'scarf.png', mimeType: 'image/png', buffer: await pngImage(1200, '#2f5fa7') });
    await page.getByTestId('product-image').first().waitFor();

    await page.getByTestId('publish-product').click();
    await snackbarText(page, 'Product published: buyers can find it now.');
    await page.waitForURL(/\/seller\/products\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('product-form-status').innerText()).toBe('Published');
    // The processed photo comes back from the server.
    const photo = page.getByTestId('product-image').first();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await photo.elementHandle());
    expect(await photo.getAttribute('src')).not.toMatch(/^blob:/);

    // The list finds it by its title and shows it published with its photo.
    await page.goto(`/seller/products?q=${encodeURIComponent(title)}`);
    await waitForHydration(page);
    const row = page.getByTestId('seller-product-row').filter({ hasText: title });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('product-status').innerText()).toBe('Published');
    expect(await row.locator('img').count()).toBe(1);
    expect(unexpectedProblems(seller.problems)).toEqual([]);
    await seller.context.close();

    // A buyer searches for it from the storefront's header.
    const buyer = await openPage(browser, server.url);
    await buyer.page.goto('/');
    await waitForHydration(buyer.page);
    const search = buyer.page.getByTestId('search-input').first();
    await search.fill(title);
    await search.press('Enter');
    await buyer.page.waitForURL(/\/search\?/);
    const card = buyer.page.getByTestId('product-card').filter({ hasText: title });
    await card.first().waitFor({ timeout: 15_000 });
    await card.first().getByRole('link', { name: title }).click();
    await buyer.page.waitForURL(/\/p\//);
    expect((await buyer.page.getByTestId('product-title').innerText()).trim()).toBe(title);
    expect(unexpectedProblems(buyer.problems)).toEqual([]);
    await buyer.context.close();
  });

  it('edits stock inline in the product list and unpublishes from it', async () => {
    const token = await loginApi(server.url, 'seller', DEMO_SELLER);
    const title = `${madeUpWord()} rattan basket`;
    const id = await publishedProduct(
      server.url,
      token,
      {
        title: { en: title },
        description: { en: 'Woven by hand from rattan.' },
        price: 1800,
        mrp: 1800,
        stock: 7,
        materials: [{ material: 'rattan', share: 100 }],
        productionMethod: 'hand-woven',
      },
      '#7a5230',
    );

    const { page, problems, context } = await openPage(browser, server.url);
    await loginInPortal(page, `/seller/products?q=${encodeURIComponent(title)}`, DEMO_SELLER);
    const row = page.getByTestId('seller-product-row').filter({ hasText: title });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('In stock · 7');

    await row.getByTestId('stock-input').fill('0');
    await row.getByRole('button', { name: 'Save stock' }).click();
    await snackbarText(page, `Stock of “${title}” saved.`);
    await row.getByText('Out of stock').waitFor();
    const stored = await api<{ data: { stock: number; stockState: string } }>(server.url, 'GET', `/v1/seller/products/${id}`, { token });
    expect(stored.body.data).toMatchObject({ stock: 0, stockState: 'out_of_stock' });

    await row.getByTestId('unpublish-product').click();
    await snackbarText(page, `“${title}” is no longer shown to buyers.`);
    expect(await row.getByTestId('product-status').innerText()).toBe('Unpublished');
    // Buyers no longer reach it.
    const slug = (await api<{ data: { slug: string } }>(server.url, 'GET', `/v1/seller/products/${id}`, { token })).body.data.slug;
    expect((await api(server.url, 'GET', `/v1/products/${slug}`)).status).toBe(404);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('translates a specification into Arabic in the form; Arabic buyers read it, others read the English', async () => {
    const token = await loginApi(server.url, 'seller', DEMO_SELLER);
    const title = `${madeUpWord()} indigo runner`;
    const id = await publishedProduct(
      server.url,
      token,
      {
        title: { en: title },
        description: { en: 'Woven in indigo-dyed cotton.' },
        specs: [{ label: 'Weight', value: '900 g' }],
        price: 4200,
        mrp: 4200,
        stock: 3,
        materials: [{ material: 'organic-cotton', share: 100 }],
        productionMethod: 'handloom',
      },
      '#27408b',
    );

    const seller = await openPage(browser, server.url);
    await loginInPortal(seller.page, `/seller/products/${id}`, DEMO_SELLER);
    const specs = seller.page.getByTestId('specs-editor');
    await specs.waitFor({ timeout: 15_000 });
    const arabicTab = specs.getByRole('tab', { name: /العربية/ });
    // Not translated yet: the tab says so, and the fields show the English as a hint.
    expect(await arabicTab.innerText()).toContain('Not translated');
    await arabicTab.click();
    const name = specs.getByLabel('Name', { exact: true });
    expect(await name.getAttribute('placeholder')).toBe('Weight');
    await name.fill('الوزن');
    await specs.getByLabel('Value', { exact: true }).fill('900 غ');
    expect(await arabicTab.innerText()).not.toContain('Not translated');
    await seller.page.getByTestId('save-product').click();
    await snackbarText(seller.page, 'Product saved.');
    expect(unexpectedProblems(seller.problems)).toEqual([]);
    await seller.context.close();

    const slug = (await api<{ data: { slug: string } }>(server.url, 'GET', `/v1/seller/products/${id}`, { token })).body.data.slug;
    const specsOnPage = async (language: string) => {
      const buyer = await openPage(browser, server.url);
      await buyer.context.addCookies([{ name: 'lang', value: language, url: server.url }]);
      await buyer.page.goto(`/p/${slug}`);
      const text = await buyer.page.getByTestId('specs').innerText();
      await buyer.context.close();
      return text;
    };
    expect(await specsOnPage('ar')).toMatch(/الوزن\s+900 غ/);
    expect(await specsOnPage('es')).toMatch(/Weight\s+900 g/);
  });

  it('translates a size chart’s headers into Arabic like the specs; Arabic buyers read them, others read the English', async () => {
    const token = await loginApi(server.url, 'seller', DEMO_SELLER);
    const id = await publishedProduct(
      server.url,
      token,
      {
        title: { en: `${madeUpWord()} linen shirt` },
        description: { en: 'Linen, cut loose.' },
        sizeChart: { columns: ['Size', 'Chest (cm)'], rows: [['S', '88']] },
        price: 4200,
        mrp: 4200,
        stock: 3,
        materials: [{ material: 'organic-cotton', share: 100 }],
        productionMethod: 'handloom',
      },
      '#c2643b',
    );

    const seller = await openPage(browser, server.url);
    await loginInPortal(seller.page, `/seller/products/${id}`, DEMO_SELLER);
    const chart = seller.page.getByTestId('size-chart-editor');
    await chart.waitFor({ timeout: 15_000 });
    const arabicTab = chart.getByRole('tab', { name: /العربية/ });
    expect(await arabicTab.innerText()).toContain('Not translated');
    await arabicTab.click();
    const headers = chart.getByTestId('size-chart-header');
    expect(await headers.nth(0).getAttribute('placeholder')).toBe('Size');
    await headers.nth(0).fill('المقاس');
    await headers.nth(1).fill('الصدر (سم)');
    expect(await arabicTab.innerText()).not.toContain('Not translated');
    await seller.page.getByTestId('save-product').click();
    await snackbarText(seller.page, 'Product saved.');
    expect(unexpectedProblems(seller.problems)).toEqual([]);
    await seller.context.close();

    const slug = (await api<{ data: { slug: string } }>(server.url, 'GET', `/v1/seller/products/${id}`, { token })).body.data.slug;
    const headersOnPage = async (language: string) => {
      const buyer = await openPage(browser, server.url);
      await buyer.context.addCookies([{ name: 'lang', value: language, url: server.url }]);
      await buyer.page.goto(`/p/${slug}`);
      const text = await buyer.page.getByTestId('size-chart').locator('th').allTextContents();
      await buyer.context.close();
      return text.map((header) => header.trim());
    };
    expect(await headersOnPage('ar')).toEqual(['المقاس', 'الصدر (سم)']);
    expect(await headersOnPage('es')).toEqual(['Size', 'Chest (cm)']);
  });

  it('gives a variant its own MRP, refusing one below the variant’s price', async () => {
    const token = await loginApi(server.url, 'seller', DEMO_SELLER);
    const title = `${madeUpWord()} linen apron`;
    const id = await createDraft(server.url, token, {
      title: { en: title },
      description: { en: 'Stonewashed linen with deep pockets.' },
      price: 2400,
      mrp: 3000,
      stock: 0,
      variants: [
        { colour: 'blue', size: 'M', stock: 4 },
        { colour: 'green', size: 'L', price: 2800, stock: 2 },
      ],
      materials: [{ material: 'linen', share: 100 }],
      productionMethod: 'handmade',
    });

    const { page, problems, context } = await openPage(browser, server.url);
    await loginInPortal(page, `/seller/products/${id}`, DEMO_SELLER);
    const mrps = page.getByTestId('variant-mrp');
    await mrps.first().waitFor({ timeout: 15_000 });
    // Empty means the product's MRP: shown as the placeholder.
    expect(await mrps.nth(1).inputValue()).toBe('');
    expect(await mrps.nth(1).getAttribute('placeholder')).toBe('30.00');

    await mrps.nth(1).fill('27');
    await page.getByTestId('save-product').click();
    // Said under the field: the second variant costs 28.00.
    await page.getByTestId('variants-editor').getByRole('listitem').nth(1).getByText('The MRP must not be below the price.').waitFor();
    expect(await mrps.nth(1).getAttribute('aria-invalid')).toBe('true');
    await mrps.nth(1).fill('39.90');
    await page.getByTestId('save-product').click();
    await snackbarText(page, 'Product saved.');
    const stored = await api<{ data: { variants: Array<{ colour: string; mrp: { amount: number }; price: { amount: number } }> } }>(server.url, 'GET', `/v1/seller/products/${id}`, {
      token,
    });
    expect(stored.body.data.variants.map((v) => [v.colour, v.price.amount, v.mrp.amount])).toEqual([
      ['blue', 2400, 3000],
      ['green', 2800, 3990],
    ]);
    // Opened again, the form shows the variant's own MRP.
    await page.reload();
    await waitForHydration(page);
    await mrps.first().waitFor({ timeout: 15_000 });
    expect(await mrps.nth(1).inputValue()).toBe('39.90');
    expect(await mrps.nth(0).inputValue()).toBe('');
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('a store that is not approved yet prepares drafts and is told why it cannot publish', async () => {
    const email = uniqueEmail('pending-seller');
    const password = 'Seller-pass-2026';
    const signup = await api(server.url, 'POST', '/v1/seller/signup', {
      body: {
        firstName: 'Hana',
        lastName: 'Yusof',
        email,
        countryCode: '+60',
        phone: uniquePhone(),
        password,
        confirmPassword: password,
        storeName: 'Pending Studio',
        storeAliasName: unique('pending-studio'),
        country: 'MY',
        city: 'Kuala Lumpur',
      },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);

    const { page, problems, context } = await openPage(browser, server.url);
    await loginInPortal(page, '/seller/products/new', email, password);
    const notice = page.getByTestId('publish-blocked');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.innerText()).toContain('You can publish once your store is approved');
    expect(await page.getByTestId('publish-product').isDisabled()).toBe(true);
    expect(await page.getByTestId('save-product').isDisabled()).toBe(false);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});
