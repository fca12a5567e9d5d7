/**
 * Screenshots of favourites, wishlists and reviews (issue #13 §3, §4) in English and Arabic, on a phone
 * (390×844) and a laptop (1366×900), into screenshots/social (gitignored): the product page with its
 * reviews, /profile/favourites, /profile/wishlists and one list, the shared list, /profile/reviews with
 * the form open, the seller's and the team's review pages.
 * Run after `npm run build`: npx tsx e2e/screenshots-social.ts (SHOTS=social-product takes only that one).
 */
import { api, DEMO_ADMIN, DEMO_PASSWORD, DEMO_SELLER } from './portal-helpers.js';
import { buyerCookies, LOGO_PNG, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { camera, openHydrated, portalShot, snackbarGone, withScreenshots } from './support/screenshots.js';
import { orderOutForDelivery } from './support/tracking.js';

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer();
  const base = server.url;
  const take = camera(browser, { folder: 'social', onlyVariable: 'SHOTS', settle: snackbarGone });

  const buyer = await signUpBuyerByApi(base, newBuyer('Amira', 'Haddad'));
  const token = buyer.token.accessToken;
  // Two deliveries of the same product: one reviewed (with a photo and the seller's answer), one still to review.
  const first = await orderOutForDelivery(base, buyer);
  const second = await orderOutForDelivery(base, buyer);
  for (const order of [first, second]) {
    const delivered = await api(base, 'POST', `/v1/seller/orders/${order.storeOrderId}/status`, { token: order.seller, body: { status: 'delivered' } });
    if (delivered.status !== 200) throw new Error(`delivered: ${JSON.stringify(delivered.body)}`);
  }
  const detail = await api<{ data: { id: string; seller: { id: string } } }>(base, 'GET', `/v1/products/${first.product.slug}`);
  const productId = detail.body.data.id;
  const review = await api<{ data: { id: string } }>(base, 'POST', '/v1/reviews', {
    token,
    body: { productId, rating: 4, text: 'Tight weave and true colours. The handles are a little short for a shoulder bag, but it arrived well packed.' },
  });
  if (review.status !== 200) throw new Error(`review: ${JSON.stringify(review.body)}`);
  const form = new FormData();
  form.append('photos', new Blob([LOGO_PNG], { type: 'image/png' }), 'basket.png');
  await api(base, 'POST', `/v1/reviews/${review.body.data.id}/photos`, { token, form });
  await api(base, 'POST', `/v1/seller/reviews/${review.body.data.id}/answer`, {
    token: first.seller,
    body: { text: 'Thank you, Amira: longer handles are coming with the next weave.' },
  });

  await api(base, 'PUT', `/v1/favourites/products/${productId}`, { token });
  await api(base, 'PUT', `/v1/favourites/stores/${first.product.store.id}`, { token });
  const list = await api<{ data: { id: string } }>(base, 'POST', '/v1/wishlists', { token, body: { name: 'Studio picks — spring' } });
  await api(base, 'POST', `/v1/wishlists/${list.body.data.id}/products`, { token, body: { productId } });
  const shared = await api<{ data: { shareToken: string } }>(base, 'POST', `/v1/wishlists/${list.body.data.id}/share`, { token });
  await api(base, 'POST', '/v1/wishlists', { token, body: { name: 'Hotel lobby' } });
  const cookies = buyerCookies(base, buyer);

  await take(base, {
    name: 'social-product',
    cookies,
    open: async (page) => {
      await openHydrated(page, `/p/${first.product.slug}`, '[data-testid="review"]');
      await page.getByTestId('heart-products').first().and(page.locator('[data-favourite="true"]')).waitFor();
    },
  });
  await take(base, { name: 'social-favourites', cookies, open: (page) => openHydrated(page, '/profile/favourites', '[data-testid="favourite-products"]') });
  await take(base, {
    name: 'social-favourite-stores',
    cookies,
    open: async (page) => {
      await openHydrated(page, '/profile/favourites', '[data-testid="favourite-products"]');
      await page.getByRole('tab').nth(1).click();
      await page.getByTestId('favourite-store').waitFor();
    },
  });
  await take(base, { name: 'social-wishlists', cookies, open: (page) => openHydrated(page, '/profile/wishlists', '[data-testid="wishlist-row"]') });
  await take(base, {
    name: 'social-wishlist',
    cookies,
    open: (page) => openHydrated(page, `/profile/wishlists/${list.body.data.id}`, '[data-testid="wishlist-products"]'),
  });
  await take(base, {
    name: 'social-shared',
    open: (page) => openHydrated(page, `/wishlists/shared/${shared.body.data.shareToken}`, '[data-testid="product-card"]'),
  });
  await take(base, {
    name: 'social-my-reviews',
    cookies,
    open: async (page) => {
      await openHydrated(page, '/profile/reviews', '[data-testid="reviewable-line"]');
      await page.getByTestId('reviewable-line').first().getByRole('button').click();
      await page.getByTestId('review-form').locator('label').nth(2).click();
    },
  });
  await take(
    base,
    portalShot({
      name: 'social-seller',
      path: '/seller/reviews',
      login: { email: DEMO_SELLER, password: DEMO_PASSWORD },
      ready: (page) => page.getByTestId('review').first().waitFor(),
    }),
  );
  await take(
    base,
    portalShot({
      name: 'social-admin',
      path: '/admin/reviews',
      login: { email: DEMO_ADMIN, password: DEMO_PASSWORD },
      ready: async (page) => {
        await page.getByTestId('admin-review').first().waitFor();
        await page.getByTestId('hide-review').first().click();
      },
    }),
  );
});
