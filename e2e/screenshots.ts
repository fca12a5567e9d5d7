/**
 * Screenshots of the home page, the not-found page, the password gate and the account pages (login,
 * signup, a profile waiting for approval, the company form with its errors, addresses) in English
 * and Arabic, on a phone (390×844) and a laptop (1366×900), into /work/main/screenshots (gitignored).
 * Run after `npm run build`: npx tsx e2e/screenshots.ts (SCREENSHOT_ALL=1 adds cart, account, about
 * and search; SCREENSHOT_ONLY=login,signup takes only the pages named).
 */
import type { Page } from 'playwright-core';
import { addAddressByApi, buyerCookies, newBuyer, registerCompanyByApi, signUpBuyerByApi, type BuyerSession } from './support/accounts.js';
import { camera, openHydrated, withScreenshots } from './support/screenshots.js';
import type { TestServer } from './support/server.js';

interface Shot {
  name: string;
  path: string;
  ready: string;
  /** A signed-in buyer's session for the page. */
  session?: BuyerSession;
  /** Runs once the page is ready, before the picture (fill a form, submit it…). */
  prepare?(tab: Page): Promise<void>;
}

type Shoot = (server: TestServer, page: Shot) => Promise<void>;

/** Login, signup, a profile waiting for approval, the company form with its errors, addresses. */
async function shootAccounts(shoot: Shoot, server: TestServer) {
  await shoot(server, { name: 'login', path: '/login', ready: '[data-testid="login-page"]' });
  await shoot(server, { name: 'signup', path: '/signup', ready: '[data-testid="signup-page"]' });

  const pending = await signUpBuyerByApi(server.url, newBuyer('Amira', 'Haddad'));
  await registerCompanyByApi(server.url, pending, {
    role: 'distributor',
    companyName: 'Ceramica Norte Trading',
    registrationNumber: `CR-SHOT-${Date.now()}`,
    registrationExpiry: '2031-06-30',
    headOfficeNumber: '+60 3 1234 5678',
    headquartersAddress: '12 Jalan Tukang, 50450 Kuala Lumpur',
    website: 'www.ceramica-norte.example',
    countries: '["MY","SG"]',
    cities: '["Kuala Lumpur","Penang"]',
    contactName: 'Amira Haddad',
    contactMobile: '+60 12 345 6789',
    contactEmail: 'amira@example.com',
  });
  await shoot(server, { name: 'profile-pending', path: '/profile', ready: '[data-testid="profile-form"]', session: pending });
  await shoot(server, { name: 'company-status', path: '/profile/company', ready: '[data-testid="company-status"]', session: pending });

  const fresh = await signUpBuyerByApi(server.url, newBuyer('Lucía', 'Ortega'));
  await shoot(server, {
    name: 'company-errors',
    path: '/profile/company',
    ready: '[data-testid="company-form"]',
    session: fresh,
    async prepare(tab) {
      await tab.getByTestId('company-submit').click();
      await tab.waitForSelector('[data-field-error="cities"]');
      await tab.evaluate(() => window.scrollTo(0, 0));
    },
  });

  for (const [city, type] of [
    ['Kuala Lumpur', 'home'],
    ['Penang', 'work'],
    ['Johor Bahru', 'work'],
  ] as const) {
    await addAddressByApi(server.url, fresh, {
      name: 'Lucía Ortega',
      countryCode: '+60',
      mobile: '123456780',
      pincode: '59000',
      locality: 'Bangsar',
      city,
      state: 'Wilayah Persekutuan',
      flatNumber: '3A',
      addressLine1: '12 Jalan Tukang',
      addressType: type,
      ...(city === 'Penang' ? { landmark: 'Opposite the old clock tower' } : {}),
    });
  }
  await shoot(server, { name: 'addresses', path: '/profile/addresses', ready: '[data-testid="address-card"]', session: fresh });
}

await withScreenshots(async ({ browser, startServer }) => {
  const take = camera(browser, {
    folder: '',
    onlyVariable: 'SCREENSHOT_ONLY',
    phoneSlices: Number.POSITIVE_INFINITY,
    async settle(tab) {
      // Let images (uploads, previews) finish and the snackbar go.
      await tab.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 10_000 });
      await tab.waitForSelector('[data-testid="snackbar"]', { state: 'detached', timeout: 10_000 });
    },
  });
  const shoot: Shoot = (server, page) =>
    take(server.url, {
      name: page.name,
      cookies: page.session ? buyerCookies(server.url, page.session) : [],
      async open(tab) {
        await openHydrated(tab, page.path, page.ready);
        await page.prepare?.(tab);
      },
    });
  const open = await startServer();
  const locked = await startServer({ SITE_PASSWORD: 'screenshot-password' });
  await shoot(open, { name: 'home', path: '/', ready: '[data-testid="trade-essentials"][data-state="ready"]' });
  await shoot(open, { name: 'not-found', path: '/no/such/page', ready: '[data-testid="not-found"]' });
  await shoot(locked, { name: 'gate', path: '/', ready: '[data-testid="password-gate"]' });
  await shootAccounts(shoot, open);
  if (process.env.SCREENSHOT_ALL === '1') {
    await shoot(open, { name: 'cart', path: '/cart', ready: '[data-testid="cart-empty"]' });
    await shoot(open, { name: 'account', path: '/account', ready: '[data-testid="account-status"]' });
    await shoot(open, { name: 'about', path: '/about', ready: 'h1' });
    await shoot(open, { name: 'search', path: '/search?q=linen', ready: '[data-testid="search-empty"]' });
  }
});
