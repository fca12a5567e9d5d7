/**
 * Screenshots of quotations (issue #13 §1) in English and Arabic, on a phone and a laptop, into
 * screenshots/quotations (gitignored): the buyer's list with the RFQ form, the comparison of the
 * answers, the seller portal's inbox and the console's overview.
 * Run after `npm run build`: npx tsx e2e/screenshots-quotations.ts (SHOTS=quotation-compare takes only that one).
 */
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_SELLER, loginApi } from './portal-helpers.js';
import { buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { camera, openHydrated, portalShot, snackbarGone, withScreenshots } from './support/screenshots.js';

type Json = Record<string, unknown>;

async function call<T = Json>(base: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', language: 'en', platform: '3' };
  if (options.token) headers.authorization = options.token;
  const response = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer({ SEED_DEMO: 'true' });
  const base = server.url;
  const take = camera(browser, { folder: 'quotations', onlyVariable: 'SHOTS', settle: snackbarGone });

  const sellerToken = await loginApi(base, 'seller', DEMO_SELLER);
  const products = (
    await call<{ data: { items: { id: string; slug: string; price: number }[] } }>(base, 'GET', '/v1/seller/products?status=published&limit=5', {
      token: sellerToken,
    })
  ).data.items;
  const product = products[0]!;
  const detail = (await call<{ data: { category: { id: string }; variants?: { id: string }[] } }>(base, 'GET', `/v1/products/${product.slug}`)).data;

  const amira = await signUpBuyerByApi(base, newBuyer('Amira', 'Haddad'));
  const buyerToken = amira.token.accessToken;
  const rfq = (
    await call<{ data: { id: string } }>(base, 'POST', '/v1/quotation-requests', {
      token: buyerToken,
      body: {
        kind: 'rfq',
        idempotencyKey: `shot-${Date.now()}`,
        categoryId: detail.category.id,
        description: 'Two hundred hand-woven pieces for our spring collection, natural dyes, packed in tens.',
        quantity: 200,
        targetPrice: Math.round(product.price * 0.8),
        deadline: Date.now() + 7 * 86_400_000,
      },
    })
  ).data;
  await call(base, 'POST', `/v1/seller/quotation-requests/${rfq.id}/answer`, {
    token: sellerToken,
    body: {
      productId: product.id,
      ...(detail.variants?.[0] ? { variantId: detail.variants[0].id } : {}),
      unitPrice: Math.round(product.price * 0.85),
      tiers: [{ minQuantity: 150, unitPrice: Math.round(product.price * 0.8) }],
      leadTimeDays: 28,
      validUntil: Date.now() + 14 * 86_400_000,
      terms: 'Delivered in four weeks; 30% deposit, the rest on delivery.',
    },
  });
  await loginApi(base, 'admin', DEMO_ADMIN);

  const buyerShot = (name: string, path: string, ready: string) => ({
    name,
    cookies: buyerCookies(base, amira),
    async open(page: Page) {
      await openHydrated(page, path, ready);
    },
  });
  await take(base, buyerShot('quotation-list', '/profile/quotations?new=rfq', '[data-testid="quotation-requests"]'));
  await take(base, buyerShot('quotation-compare', `/profile/quotations/${rfq.id}`, '[data-testid="quotation-page"] h2'));
  await take(
    base,
    portalShot({
      name: 'quotation-seller',
      path: '/seller/quotations',
      login: { email: DEMO_SELLER, password: DEMO_PASSWORD },
      ready: async (page) => {
        await page.getByTestId('seller-quotation-inbox').waitFor({ timeout: 15_000 });
      },
    }),
  );
  await take(
    base,
    portalShot({
      name: 'quotation-admin',
      path: '/admin/quotations',
      login: { email: DEMO_ADMIN, password: DEMO_PASSWORD },
      ready: async (page) => {
        await page.getByTestId('admin-quotations').locator('table').waitFor({ timeout: 15_000 });
      },
    }),
  );
});
