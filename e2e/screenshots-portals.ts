/**
 * Screenshots of the seller portal and the admin console in English and Arabic, on a phone
 * (390×844) and a laptop (1366×900), into /work/main/screenshots/portals (gitignored).
 * Run after `npm run build`: npx tsx e2e/screenshots-portals.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { api, buyerWithCompany, DEMO_ADMIN, loginApi, loginInPortal, pngImage, unique, uniqueEmail, uniquePhone } from './portal-helpers.js';
import { launchBrowser, waitForHydration } from './support/browser.js';
import { REPO_ROOT, startServer, type TestServer } from './support/server.js';

const OUT = path.join(REPO_ROOT, 'screenshots', 'portals');
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;
const LANGUAGES = ['en', 'ar'] as const;

interface Shot {
  name: string;
  path: string;
  /** Signed out when absent. */
  login?: { email: string; password: string };
  /** Waits until the page shows what the picture is about. */
  ready(page: Page): Promise<void>;
}

/** SHOTS=admin-team,admin-outbox takes only those. */
const ONLY = process.env.SHOTS?.split(',').filter(Boolean);

async function shoot(browser: Browser, server: TestServer, shot: Shot) {
  if (ONLY && !ONLY.includes(shot.name)) return;
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
      await context.addCookies([{ name: 'lang', value: language, url: server.url }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      if (shot.login) await loginInPortal(page, shot.path, shot.login.email, shot.login.password);
      else {
        await page.goto(shot.path);
        await waitForHydration(page);
      }
      await shot.ready(page);
      // Let the snackbar of the login go before the picture.
      await page
        .getByTestId('snackbar')
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      const file = path.join(OUT, `${shot.name}-${language}-${viewport.name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      console.log(
        `${path.relative(REPO_ROOT, file)}${overflow > 0 ? `  (horizontal overflow: ${overflow}px)` : ''}${errors.length ? `  errors: ${errors.join(' | ')}` : ''}`,
      );
      await context.close();
    }
  }
}

const imagesLoaded = (page: Page, selector: string) =>
  page.waitForFunction(
    (sel) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(sel)];
      return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
    },
    selector,
    { timeout: 15_000 },
  );

mkdirSync(OUT, { recursive: true });
const browser = await launchBrowser();
const server = await startServer({ SEED_DEMO: 'true' });
try {
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
  await shoot(browser, server, { name: 'seller-login', path: '/seller', ready: (page) => page.getByTestId('portal-login').waitFor() });
  await shoot(browser, server, { name: 'seller-signup', path: '/seller/signup', ready: (page) => page.getByTestId('seller-signup').waitFor() });
  await shoot(browser, server, {
    name: 'seller-home-pending',
    path: '/seller',
    login: seller,
    ready: async (page) => {
      await page.getByTestId('store-status').waitFor();
      await imagesLoaded(page, 'main img');
    },
  });
  await shoot(browser, server, {
    name: 'seller-store-editor',
    path: '/seller/store',
    login: seller,
    ready: async (page) => {
      await page.getByTestId('store-editor').waitFor();
      await imagesLoaded(page, '[data-testid="logo-previews"] img');
    },
  });
  await shoot(browser, server, {
    name: 'admin-dashboard',
    path: '/admin',
    login: admin,
    ready: async (page) => {
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="pending-sellers-count"]')?.textContent ?? ''));
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="pending-companies-count"]')?.textContent ?? ''));
    },
  });
  await shoot(browser, server, {
    name: 'admin-companies',
    path: '/admin/companies',
    login: admin,
    ready: async (page) => {
      await page.getByTestId('company-card').first().waitFor();
      await imagesLoaded(page, '[data-testid="company-card"] img');
      await page.getByTestId('company-document-pdf').first().waitFor();
    },
  });
  await shoot(browser, server, {
    name: 'admin-outbox',
    path: '/admin/outbox',
    login: admin,
    ready: async (page) => {
      await page.getByTestId('outbox-row').first().waitFor();
      await page.locator('[data-testid="outbox-row"][data-template="password-reset"] button').first().click();
      await page.getByTestId('outbox-body').waitFor();
    },
  });
  await shoot(browser, server, {
    name: 'admin-sellers',
    path: '/admin/sellers',
    login: admin,
    ready: async (page) => {
      await page.getByTestId('seller-card').first().waitFor();
    },
  });
  await shoot(browser, server, {
    name: 'admin-team',
    path: '/admin/team',
    login: admin,
    ready: async (page) => {
      await page.getByTestId('team-table').waitFor();
    },
  });
} finally {
  await browser.close();
  await server.stop();
}
