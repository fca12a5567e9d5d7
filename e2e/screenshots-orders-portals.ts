/**
 * Screenshots of the seller portal's and the admin console's order pages, and the console's
 * currencies, in English and Arabic on a phone (390×844) and a laptop (1366×900; the seller's order also
 * at 1280×800, 1366×768 and 1440×900), into
 * screenshots/orders-portals (gitignored): /seller/orders, one store order there (with its delivery
 * time in the store's time zone), /admin/orders, one order there, /admin/currencies.
 * Run after `npm run build`: npx tsx e2e/screenshots-orders-portals.ts (SHOTS=admin-order takes only that one).
 */
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_SELLER } from './portal-helpers.js';
import { newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { camera, LAPTOP_WIDTH_VIEWPORTS, portalShot, snackbarGone, withScreenshots, type PortalShot } from './support/screenshots.js';
import { orderOutForDelivery } from './support/tracking.js';

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer({ SEED_DEMO: 'true' });
  const base = server.url;
  const take = camera(browser, { folder: 'orders-portals', onlyVariable: 'SHOTS', settle: snackbarGone });
  const shoot = (shot: PortalShot) => take(base, portalShot(shot));

  // An order out for delivery with a driver, from the demo store (Kuala Terengganu, Malaysia Time).
  const buyer = await signUpBuyerByApi(base, newBuyer('Amira', 'Haddad'));
  const order = await orderOutForDelivery(base, buyer);
  const seller = { email: DEMO_SELLER, password: DEMO_PASSWORD };
  const admin = { email: DEMO_ADMIN, password: DEMO_PASSWORD };

  await shoot({ name: 'seller-orders', path: '/seller/orders', login: seller, ready: (page) => page.getByTestId('seller-order-row').first().waitFor() });
  await shoot({
    name: 'seller-order',
    path: `/seller/orders/${order.storeOrderId}`,
    login: seller,
    // Its detail panel beside the order is what gets squeezed on laptops: 1280, 1366 and 1440 wide.
    viewports: LAPTOP_WIDTH_VIEWPORTS,
    ready: (page) => page.getByTestId('delivery-slot').waitFor(),
  });
  await shoot({ name: 'admin-orders', path: '/admin/orders', login: admin, ready: (page) => page.getByTestId('admin-order-row').first().waitFor() });
  await shoot({
    name: 'admin-order',
    path: `/admin/orders/${order.orderId}`,
    login: admin,
    ready: (page) => page.getByTestId('delivery-slot').waitFor(),
  });
  await shoot({ name: 'admin-currencies', path: '/admin/currencies', login: admin, ready: (page) => page.getByTestId('currency-row').first().waitFor() });
});
