/**
 * Screenshots of the buyer's money pages (issue #11) in English and Arabic, on a phone (390×844) and a
 * laptop (1366×900), into screenshots/money (gitignored): wallet, saved cards, bonus points, offers,
 * and the checkout's payment section (card chosen, a promo code applied).
 * Run after `npm run build`: npx tsx e2e/screenshots-money.ts (SHOTS=money-wallet takes only that one).
 */
import { TEST_CARDS } from '@tessera/contracts';
import { api, loginApi } from './portal-helpers.js';
import { addAddressByApi, buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { addFromProductPage, pickProducts } from './support/buying.js';
import { camera, openHydrated, snackbarGone, withScreenshots } from './support/screenshots.js';

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer();
  const base = server.url;
  const take = camera(browser, { folder: 'money', onlyVariable: 'SHOTS', settle: snackbarGone });

  const admin = await loginApi(base, 'admin', 'admin@tessera.test');
  for (const [code, body] of [
    ['WELCOME10', { title: { en: 'Welcome: ten percent off', ar: 'أهلًا: خصم عشرة بالمئة' }, discountType: 'percentage', value: 10, firstOrderOnly: true }],
    ['FREESHIP', { title: { en: 'Free delivery on larger orders', ar: 'توصيل مجاني للطلبات الكبيرة' }, discountType: 'percentage', value: 100, appliesTo: 'delivery', minPurchase: 20000 }],
    ['CARD15', { title: { en: '€15 off when you pay by card' }, discountType: 'fixed', value: 1500, paymentMethods: ['Card'], endsAt: Date.UTC(2027, 0, 31) }],
  ] as const) {
    const created = await api(base, 'POST', '/v1/admin/promotions', { token: admin, body: { code, ...body } });
    // The demo seed has WELCOME10 already: its own is shown then.
    if (created.status !== 200 && (created.body as { code?: string }).code !== 'PROMO_CODE_TAKEN') throw new Error(`promo ${code}: ${JSON.stringify(created.body)}`);
  }

  const session = await signUpBuyerByApi(base, newBuyer('Nurul', 'Aziz'));
  const token = session.token.accessToken;
  await addAddressByApi(base, session, {
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
  });
  // A saved card and two top-ups, so the pages have something to show.
  const details = { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' };
  await api(base, 'POST', '/v1/profile/cards', { token, body: { details } });
  await api(base, 'POST', '/v1/profile/cards', { token, body: { details: { ...details, number: TEST_CARDS.successMastercard, expMonth: 4, expYear: 2029 } } });
  for (const amount of [5000, 12550]) {
    const topUp = await fetch(`${base}/v1/profile/wallet/topups`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), language: 'en', platform: '3' },
      body: JSON.stringify({ amount, card: { details } }),
    });
    if (topUp.status !== 200) throw new Error(`top-up answered ${topUp.status}: ${await topUp.text()}`);
  }
  const cookies = buyerCookies(base, session);
  const [product] = await pickProducts(base, { count: 1, store: 'atelier-nurul' });
  let inCart = false;

  await take(base, { name: 'money-wallet', cookies, open: (page) => openHydrated(page, '/profile/wallet', '[data-testid="wallet-transaction"]') });
  await take(base, { name: 'money-cards', cookies, open: (page) => openHydrated(page, '/profile/cards', '[data-testid="saved-card"]') });
  await take(base, { name: 'money-points', cookies, open: (page) => openHydrated(page, '/profile/points', '[data-testid="points-balance"]') });
  await take(base, { name: 'money-offers', cookies, open: (page) => openHydrated(page, '/offers', '[data-testid="offer"]') });
  await take(base, {
    name: 'money-checkout',
    cookies,
    open: async (page) => {
      if (!inCart) {
        await addFromProductPage(page, product!);
        await page.getByTestId('cart-badge').waitFor();
        inCart = true;
      }
      await openHydrated(page, '/checkout', '[data-testid="checkout-form"]');
      await page.getByTestId('payment-Card').click();
      await page.getByTestId('new-card-option').click();
      await page.getByTestId('promo-input').fill('WELCOME10');
      await page.getByTestId('card-form').waitFor();
    },
  });
});
