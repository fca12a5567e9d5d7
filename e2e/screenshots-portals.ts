/**
 * Screenshots of the seller portal and the admin console in English and Arabic, on a phone
 * (390×844) and a laptop (1366×900), into /work/main/screenshots/portals (gitignored).
 * Run after `npm run build`: npx tsx e2e/screenshots-portals.ts (SHOTS=admin-team,admin-outbox takes only those).
 */
import { api, buyerWithCompany, DEMO_ADMIN, loginApi, pngImage, unique, uniqueEmail, uniquePhone } from './portal-helpers.js';
import { camera, imagesLoaded, portalShot, snackbarGone, withScreenshots, type PortalShot } from './support/screenshots.js';

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer({ SEED_DEMO: 'true' });
  const take = camera(browser, { folder: 'portals', onlyVariable: 'SHOTS', settle: snackbarGone });
  const shoot = (shot: PortalShot) => take(server.url, portalShot(shot));

  // A new seller, pending approval, with a logo and texts in two languages.
  const seller = { email: uniqueEmail('seller'), password: 'Seller-pass-2026' };
  const signup = await api<{ data: { token: { accessToken: string } } }>(server.url, 'POST', '/v1/seller/signup', {
    body: {
      firstName: 'Hana',
      lastName: 'Yusof',
      email: seller.email,
      countryCode: '+60',
      phone: uniquePhone(),
      password: seller.password,
      confirmPassword: seller.password,
      storeName: 'Batik Studio Hana',
      storeAliasName: unique('batik-hana'),
      country: 'MY',
      city: 'Kuala Lumpur',
    },
  });
  const sellerToken = signup.body.data.token.accessToken;
  await api(server.url, 'PATCH', '/v1/seller/store', {
    token: sellerToken,
    body: {
      storeName: { en: 'Batik Studio Hana', ar: 'استوديو هناء للباتيك' },
      description: {
        en: 'Hand-drawn batik on cotton and silk, dyed with plant colours in our Kuala Lumpur workshop.',
        ar: 'باتيك مرسوم يدويًا على القطن والحرير، مصبوغ بألوان نباتية في ورشتنا في كوالالمبور.',
      },
      policies: { shipping: 'Ships within 5 working days.', returns: 'Returns accepted within 14 days.' },
    },
  });
  const logo = new FormData();
  logo.append('logo', new Blob([new Uint8Array(await pngImage(600, '#b5562f'))], { type: 'image/png' }), 'logo.png');
  await api(server.url, 'POST', '/v1/seller/store/logo', { token: sellerToken, form: logo });

  // Companies waiting for approval: one with a PDF, one with an image document.
  await buyerWithCompany(server.url, { role: 'distributor', companyName: 'Verde Distribution LLC' });
  await buyerWithCompany(server.url, { role: 'retailer', companyName: 'Casa Retail Trading', documentAsImage: true });
  // Something to read in the outbox: a reset link.
  await api(server.url, 'POST', '/v1/password/forgot', { body: { email: seller.email, portal: 'seller' } });
  await loginApi(server.url, 'admin', DEMO_ADMIN);

  const admin = { email: DEMO_ADMIN, password: 'Tessera-demo-2026' };
  await shoot({ name: 'seller-login', path: '/seller', ready: (page) => page.getByTestId('portal-login').waitFor() });
  await shoot({ name: 'seller-signup', path: '/seller/signup', ready: (page) => page.getByTestId('seller-signup').waitFor() });
  await shoot({
    name: 'seller-home-pending',
    path: '/seller',
    login: seller,
    ready: async (page) => {
      await page.getByTestId('store-status').waitFor();
      await imagesLoaded(page, 'main img');
    },
  });
  await shoot({
    name: 'seller-store-editor',
    path: '/seller/store',
    login: seller,
    ready: async (page) => {
      await page.getByTestId('store-editor').waitFor();
      await imagesLoaded(page, '[data-testid="logo-previews"] img');
    },
  });
  await shoot({
    name: 'admin-dashboard',
    path: '/admin',
    login: admin,
    ready: async (page) => {
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="pending-sellers-count"]')?.textContent ?? ''));
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="pending-companies-count"]')?.textContent ?? ''));
    },
  });
  await shoot({
    name: 'admin-companies',
    path: '/admin/companies',
    login: admin,
    ready: async (page) => {
      await page.getByTestId('company-card').first().waitFor();
      await imagesLoaded(page, '[data-testid="company-card"] img');
      await page.getByTestId('company-document-pdf').first().waitFor();
    },
  });
  await shoot({
    name: 'admin-outbox',
    path: '/admin/outbox',
    login: admin,
    ready: async (page) => {
      await page.getByTestId('outbox-row').first().waitFor();
      await page.locator('[data-testid="outbox-row"][data-template="password-reset"] button').first().click();
      await page.getByTestId('outbox-body').waitFor();
    },
  });
  await shoot({
    name: 'admin-sellers',
    path: '/admin/sellers',
    login: admin,
    ready: async (page) => {
      await page.getByTestId('seller-card').first().waitFor();
    },
  });
  await shoot({
    name: 'admin-team',
    path: '/admin/team',
    login: admin,
    ready: async (page) => {
      await page.getByTestId('team-table').waitFor();
    },
  });
});
