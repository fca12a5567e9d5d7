/**
 * Screenshots of the home page, the not-found page, the password gate and the account pages (login,
 * signup, a profile waiting for approval, the company form with its errors, addresses) in English
 * and Arabic, on a phone (390×844) and a laptop (1366×900), into /work/main/screenshots (gitignored).
 * Run after `npm run build`: npx tsx e2e/screenshots.ts (SCREENSHOT_ALL=1 adds cart, account, about
 * and search; SCREENSHOT_ONLY=login,signup takes only the pages named).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { addAddressByApi, buyerCookies, newBuyer, registerCompanyByApi, signUpBuyerByApi, type BuyerSession } from './support/accounts.js';
import { launchBrowser, waitForHydration } from './support/browser.js';
import { REPO_ROOT, startServer, type TestServer } from './support/server.js';

const OUT = path.join(REPO_ROOT, 'screenshots');
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;
const LANGUAGES = ['en', 'ar'] as const;

interface Shot {
  name: string;
  path: string;
  ready: string;
  mobile?: boolean;
  /** A signed-in buyer's session for the page. */
  session?: BuyerSession;
  /** Runs once the page is ready, before the picture (fill a form, submit it…). */
  prepare?(tab: Page): Promise<void>;
}

const only = process.env.SCREENSHOT_ONLY?.split(',').map((name) => name.trim());

async function shoot(browser: Browser, server: TestServer, page: Shot) {
  if (only && !only.includes(page.name)) return;
  for (const viewport of VIEWPORTS) {
    for (const language of LANGUAGES) {
      const phone = viewport.name === 'phone';
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
        isMobile: phone,
        hasTouch: phone,
        userAgent: phone
          ? 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36'
          : undefined,
      });
      await context.addCookies([{ name: 'lang', value: language, url: server.url }, ...(page.session ? buyerCookies(server.url, page.session) : [])]);
      const tab = await context.newPage();
      await tab.goto(page.path);
      await waitForHydration(tab);
      await tab.waitForSelector(page.ready, { timeout: 15_000 });
      await page.prepare?.(tab);
      // Let images (uploads, previews) finish and the snackbar go.
      await tab.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 10_000 });
      await tab.waitForSelector('[data-testid="snackbar"]', { state: 'detached', timeout: 10_000 });
      const file = path.join(OUT, `${page.name}-${language}-${viewport.name}.png`);
      await tab.screenshot({ path: file, fullPage: true });
      if (phone) {
        // The full phone page is very tall; slices of it are easier to review.
        const height = await tab.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, part = 1; y < height; y += 1000, part++) {
          await tab.screenshot({
            path: path.join(OUT, 'parts', `${page.name}-${language}-${viewport.name}-${part}.png`),
            fullPage: true,
            clip: { x: 0, y, width: viewport.width, height: Math.min(1000, height - y) },
          });
        }
      }
      const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      console.log(`${path.relative(REPO_ROOT, file)}${overflow > 0 ? `  (horizontal overflow: ${overflow}px)` : ''}`);
      await context.close();
    }
  }
}

/** Login, signup, a profile waiting for approval, the company form with its errors, addresses. */
async function shootAccounts(browser: Browser, server: TestServer) {
  await shoot(browser, server, { name: 'login', path: '/login', ready: '[data-testid="login-page"]' });
  await shoot(browser, server, { name: 'signup', path: '/signup', ready: '[data-testid="signup-page"]' });

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
  await shoot(browser, server, { name: 'profile-pending', path: '/profile', ready: '[data-testid="profile-form"]', session: pending });
  await shoot(browser, server, { name: 'company-status', path: '/profile/company', ready: '[data-testid="company-status"]', session: pending });

  const fresh = await signUpBuyerByApi(server.url, newBuyer('Lucía', 'Ortega'));
  await shoot(browser, server, {
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
  await shoot(browser, server, { name: 'addresses', path: '/profile/addresses', ready: '[data-testid="address-card"]', session: fresh });
}

mkdirSync(path.join(OUT, 'parts'), { recursive: true });
const browser = await launchBrowser();
const open = await startServer();
const locked = await startServer({ SITE_PASSWORD: 'screenshot-password' });
try {
  await shoot(browser, open, { name: 'home', path: '/', ready: '[data-testid="trade-essentials"][data-state="ready"]' });
  await shoot(browser, open, { name: 'not-found', path: '/no/such/page', ready: '[data-testid="not-found"]' });
  await shoot(browser, locked, { name: 'gate', path: '/', ready: '[data-testid="password-gate"]' });
  await shootAccounts(browser, open);
  if (process.env.SCREENSHOT_ALL === '1') {
    await shoot(browser, open, { name: 'cart', path: '/cart', ready: '[data-testid="cart-empty"]' });
    await shoot(browser, open, { name: 'account', path: '/account', ready: '[data-testid="account-status"]' });
    await shoot(browser, open, { name: 'about', path: '/about', ready: 'h1' });
    await shoot(browser, open, { name: 'search', path: '/search?q=linen', ready: '[data-testid="search-empty"]' });
  }
} finally {
  await browser.close();
  await open.stop();
  await locked.stop();
}
