/**
 * Screenshots of quotations (issue #13 §1) in English and Arabic, on a phone and a laptop, into
 * screenshots/quotations (gitignored): the buyer's list with the RFQ form, a product quotation's
 * details with files, the comparison of two answers, the seller portal's inbox and answer form
 * (a file chosen, a price of 0 refused) and the console's overview.
 * Run after `npm run build`: npx tsx e2e/screenshots-quotations.ts (SHOTS=quotation-compare takes only that one).
 */
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_SELLER, loginApi, SMALL_PDF } from './portal-helpers.js';
import { buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { twoStoresOfOneCategory } from './support/quotations.js';
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
  // The demo artisan and another maker selling in one category: both answer the RFQ.
  const [nurul, other] = await twoStoresOfOneCategory(base, 5);
  const otherToken = await loginApi(base, 'seller', other.email);

  const amira = await signUpBuyerByApi(base, newBuyer('Amira', 'Haddad'));
  const buyerToken = amira.token.accessToken;
  const pdf = async (token: string, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(SMALL_PDF)], { type: 'application/pdf' }), name);
    const answer = await fetch(`${base}/v1/quotations/attachments`, {
      method: 'POST',
      headers: { authorization: token, language: 'en', platform: '3' },
      body: form,
    });
    if (!answer.ok) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
    return ((await answer.json()) as { data: { id: string }[] }).data[0]!.id;
  };
  const ask = async (body: Json) =>
    (
      await call<{ data: { id: string } }>(base, 'POST', '/v1/quotation-requests', {
        token: buyerToken,
        body: { idempotencyKey: `shot-${Math.random()}`, ...body },
      })
    ).data;
  const answer = (token: string, requestId: string, body: Json) =>
    call(base, 'POST', `/v1/seller/quotation-requests/${requestId}/answer`, {
      token,
      body: { leadTimeDays: 28, validUntil: Date.now() + 14 * 86_400_000, ...body },
    });

  // A product quotation, answered with a PDF (the details page).
  const asked = await ask({
    kind: 'product',
    productId: nurul.productId,
    variantId: nurul.variantId,
    quantity: 120,
    wantedBy: Date.now() + 30 * 86_400_000,
    notes: 'Gift boxes of ten, our logo on the tag.',
    attachmentIds: [await pdf(buyerToken, 'tag-artwork.pdf')],
  });
  await answer(sellerToken, asked.id, {
    unitPrice: 1450,
    tiers: [{ minQuantity: 100, unitPrice: 1390 }],
    terms: 'Tags printed locally; 30% deposit.',
    attachmentIds: [await pdf(sellerToken, 'quotation-atelier-nurul.pdf')],
  });
  // A request for quotation answered by both stores (the comparison).
  const rfq = await ask({
    kind: 'rfq',
    categoryId: nurul.categoryId,
    description: 'Two hundred hand-woven pieces for our spring collection, natural dyes, packed in tens.',
    quantity: 200,
    targetPrice: 1200,
    deadline: Date.now() + 7 * 86_400_000,
  });
  await answer(sellerToken, rfq.id, {
    productId: nurul.productId,
    variantId: nurul.variantId,
    unitPrice: 1500,
    tiers: [{ minQuantity: 150, unitPrice: 1400 }],
    terms: 'Delivered in four weeks; 30% deposit, the rest on delivery.',
  });
  await answer(otherToken, rfq.id, {
    productId: other.productId,
    variantId: other.variantId,
    unitPrice: 1325,
    leadTimeDays: 35,
    terms: 'Sea freight; samples on request.',
    attachmentIds: [await pdf(otherToken, 'specification-sheet.pdf')],
  });
  // One more request the artisan has not answered yet: his answer form.
  await ask({
    kind: 'rfq',
    categoryId: nurul.categoryId,
    description: 'Fifty cushion covers in indigo, 45 × 45 cm, for a hotel lobby.',
    quantity: 50,
    deadline: Date.now() + 10 * 86_400_000,
    // The buyer's brief: a link in the seller's inbox (signed, expiring).
    attachmentIds: [await pdf(buyerToken, 'lobby-brief.pdf')],
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
  await take(base, buyerShot('quotation-details', `/profile/quotations/${asked.id}`, '[data-testid="quotation-attachment"]'));
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
  // The answer form in use: a file chosen, a price of 0 refused under its field.
  await take(
    base,
    portalShot({
      name: 'quotation-seller-answer',
      path: '/seller/quotations',
      login: { email: DEMO_SELLER, password: DEMO_PASSWORD },
      ready: async (page) => {
        const card = page.getByTestId('seller-quotation-inbox').locator('article', { hasText: 'cushion covers' });
        await card.getByTestId('answer-form').waitFor({ timeout: 15_000 });
        await card.getByRole('link', { name: 'lobby-brief.pdf' }).waitFor();
        await card.getByTestId('answer-product').selectOption(nurul.productId);
        await card.getByTestId('answer-variant').selectOption(nurul.variantId);
        await card.getByTestId('answer-price').fill('0');
        await card.getByTestId('attachments-input').setInputFiles({ name: 'cushion-cover-drawing.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
        await card.getByTestId('attachment-chosen').waitFor();
        await card.getByTestId('answer-send').click();
        await card.locator('[data-field-error="unitPrice"]').waitFor();
        await card.getByTestId('answer-form').scrollIntoViewIfNeeded();
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
