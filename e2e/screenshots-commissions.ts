/**
 * Screenshots of commissions (issue #13 §2) in English and Arabic, on a phone and a laptop, into
 * screenshots/commissions (gitignored): the buyer's customisation form, his list, a commission at its
 * second proof after a change request, one waiting for the deposit, the seller portal's inbox and
 * page, the product form's customisation control and the console's overview.
 * Run after `npm run build`: npx tsx e2e/screenshots-commissions.ts (SHOTS=commission-detail takes only that one).
 */
import type { Page } from 'playwright-core';
import { TEST_CARDS } from '@tessera/contracts';
import { api, DEMO_ADMIN, DEMO_PASSWORD, DEMO_SELLER, loginApi, pngImage } from './portal-helpers.js';
import { buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { pickProducts } from './support/buying.js';
import { camera, imagesLoaded, openHydrated, portalShot, snackbarGone, withScreenshots } from './support/screenshots.js';

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer({ SEED_DEMO: 'true' });
  const base = server.url;
  const take = camera(browser, { folder: 'commissions', onlyVariable: 'SHOTS', settle: snackbarGone });

  const must = async <T = { data: { id: string } }>(method: string, path: string, options: Parameters<typeof api>[3]) => {
    const answer = await api<T>(base, method, path, options);
    if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const sellerToken = await loginApi(base, 'seller', DEMO_SELLER);
  const [product] = await pickProducts(base, { count: 1, store: 'atelier-nurul' });
  const productId = ((await (await fetch(`${base}/v1/products/${product!.slug}`, { headers: { language: 'en' } })).json()) as { data: { id: string } }).data.id;
  await must('PUT', `/v1/seller/products/${productId}/customisation`, {
    token: sellerToken,
    body: { allowed: true, options: ['colour', 'material', 'personalisation'] },
  });

  const amira = await signUpBuyerByApi(base, newBuyer('Amira', 'Haddad'));
  const token = amira.token.accessToken;
  const images = async (path: string, who: string, colours: string[], note?: string) => {
    const form = new FormData();
    if (note) form.append('note', note);
    for (const [i, colour] of colours.entries())
      form.append('images', new Blob([new Uint8Array(await pngImage(500, colour))], { type: 'image/png' }), `p${i}.png`);
    return must('POST', path, { token: who, form });
  };
  const proposal = {
    price: 18_000,
    deposit: 5_400,
    leadTimeDays: 21,
    changeRounds: 1,
    refundSharePercent: 50,
    note: 'Natural indigo, hand-stitched initials.',
  };

  // A customised basket at its second proof, after one change request.
  const custom = (
    await must('POST', '/v1/commissions', {
      token,
      body: {
        kind: 'CustomProduct',
        productId,
        choices: { colour: 'Indigo', material: 'Pandan' },
        personalisation: 'L · 2027',
        quantity: 4,
        notes: 'A little wider than the usual one, please.',
      },
    })
  ).data;
  await images(`/v1/commissions/${custom.id}/images`, token, ['#c2643b']);
  await must('POST', `/v1/seller/commissions/${custom.id}/proposal`, { token: sellerToken, body: proposal });
  await must('POST', `/v1/commissions/${custom.id}/deposit`, {
    token,
    headers: { 'idempotency-key': `shot-${Date.now()}` },
    body: { method: 'card', card: { details: { number: TEST_CARDS.success, expMonth: 12, expYear: 2034, cvc: '123' } } },
  });
  await images(`/v1/seller/commissions/${custom.id}/proofs`, sellerToken, ['#2f4f8f', '#3b5f9f'], 'First weave, indigo.');
  await must('POST', `/v1/commissions/${custom.id}/changes`, { token, body: { note: 'A deeper indigo, and the letters a little larger.' } });
  await images(`/v1/seller/commissions/${custom.id}/proofs`, sellerToken, ['#1b2f5c'], 'Deeper indigo, larger letters.');

  // A fully custom lamp waiting for the deposit.
  const lamp = (
    await must('POST', '/v1/commissions', {
      token,
      body: {
        kind: 'fullyCustom',
        storeId: product!.store.id,
        quantity: 2,
        newProduct: { title: 'Rattan floor lamp', description: 'A tall lamp, one metre, natural rattan, warm light.', budget: 30_000, wantedBy: '2027-03-01' },
      },
    })
  ).data;
  await must('POST', `/v1/seller/commissions/${lamp.id}/proposal`, { token: sellerToken, body: { ...proposal, price: 26_000, deposit: 8_000, note: 'Rattan from Terengganu, woven by hand.' } });
  await loginApi(base, 'admin', DEMO_ADMIN);

  const buyerShot = (name: string, path: string, ready: string, settle?: (page: Page) => Promise<unknown>) => ({
    name,
    cookies: buyerCookies(base, amira),
    async open(page: Page) {
      await openHydrated(page, path, ready);
      await settle?.(page);
    },
  });
  const query = new URLSearchParams({ productId, title: product!.title });
  await take(base, buyerShot('commission-form', `/profile/commissions?${query.toString()}`, '[data-testid="choice-colour"]'));
  await take(base, buyerShot('commission-list', '/profile/commissions', '[data-testid="commission-list"]'));
  await take(
    base,
    buyerShot('commission-detail', `/profile/commissions/${custom.id}`, '[data-testid="proof-answer"]', (page) =>
      imagesLoaded(page, '[data-testid="commission-proofs"] img'),
    ),
  );
  await take(base, buyerShot('commission-pay', `/profile/commissions/${lamp.id}`, '[data-testid="pay-deposit"] [data-testid="card-number"]'));
  const seller = (name: string, path: string, ready: (page: Page) => Promise<unknown>) =>
    portalShot({
      name,
      path,
      login: { email: DEMO_SELLER, password: DEMO_PASSWORD },
      ready: async (page) => {
        await ready(page);
      },
    });
  await take(
    base,
    seller('commission-seller-inbox', '/seller/commissions', (page) => page.getByTestId('seller-commission-inbox').waitFor({ timeout: 15_000 })),
  );
  await take(
    base,
    seller('commission-seller-detail', `/seller/commissions/${custom.id}`, async (page) => {
      await page.getByTestId('commission-history').waitFor({ timeout: 15_000 });
      await imagesLoaded(page, '[data-testid="commission-proofs"] img');
    }),
  );
  await take(
    base,
    seller('commission-seller-customisation', `/seller/products/${productId}`, async (page) => {
      await page.getByTestId('customisation-options').waitFor({ timeout: 15_000 });
      await page.getByTestId('customisation-card').scrollIntoViewIfNeeded();
    }),
  );
  await take(
    base,
    portalShot({
      name: 'commission-admin',
      path: '/admin/commissions',
      login: { email: DEMO_ADMIN, password: DEMO_PASSWORD },
      ready: async (page) => {
        await page.getByTestId('admin-commission-table').waitFor({ timeout: 15_000 });
      },
    }),
  );
});
