import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  cookieValue,
  DEMO_ADMIN,
  imageLoaded,
  loginInPortal,
  pngImage,
  snackbarText,
  unique,
  uniqueEmail,
  uniquePhone,
  useLanguage,
} from './portal-helpers.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

interface Seller {
  email: string;
  password: string;
  storeName: string;
  alias: string;
}

/** Fills and sends the portal's signup form. */
async function signUpInPortal(page: Page, seller: Seller): Promise<void> {
  await page.goto('/seller/signup');
  await waitForHydration(page);
  const form = page.getByTestId('seller-signup');
  await form.getByLabel('First name').fill('Hana');
  await form.getByLabel('Last name').fill('Yusof');
  await form.getByLabel('Email').fill(seller.email);
  await form.getByLabel('Country', { exact: true }).selectOption('MY');
  // Choosing the country fills the dialling code.
  expect(await form.getByLabel('Country code').inputValue()).toBe('+60');
  await form.getByLabel('Mobile number').fill(uniquePhone());
  await form.getByLabel('Password', { exact: true }).fill(seller.password);
  await form.getByLabel('Confirm password').fill(seller.password);
  await form.getByLabel('Store name').fill(seller.storeName);
  // The alias follows the store name until it is typed.
  expect(await form.getByLabel('Store alias').inputValue()).toBe(seller.storeName.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  await form.getByLabel('Store alias').fill(seller.alias);
  await form.getByLabel('City').fill('Kuala Lumpur');
  await form.getByRole('button', { name: 'Create my seller account' }).click();
}

describe.skipIf(skipBrowserTests)('seller portal', () => {
  let server: TestServer;
  let browser: Browser;
  const seller: Seller = {
    email: uniqueEmail('seller'),
    password: 'Seller-pass-2026',
    storeName: unique('Batik Studio'),
    alias: unique('batik-studio'),
  };

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs a new seller up, shows the pending notice; the console approves the store; a reload shows it approved', async () => {
    const sellerTab = await openPage(browser, server.url);
    const { page, context } = sellerTab;

    // Client-side checks speak first, in the field's words.
    await page.goto('/seller/signup');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Create my seller account' }).click();
    expect(await page.getByTestId('error-firstName').innerText()).toBe('Enter Valid Name');
    expect(await page.getByTestId('error-email').innerText()).toBe('Enter Valid Email');

    await signUpInPortal(page, seller);
    await snackbarText(page, 'Your seller account is ready. Your store is pending approval.');
    await page.waitForURL(/\/seller$/);
    const status = page.getByTestId('store-status');
    await status.waitFor();
    expect(await status.innerText()).toContain('Your store is pending approval');
    expect(await page.getByTestId('portal-identity').innerText()).toContain(seller.storeName);
    expect(await page.getByTestId('portal-identity').innerText()).toContain('Pending approval');
    // The portal's own cookies: the seller token and the seed's seller flag, apart from the storefront's.
    expect(await cookieValue(context, 'sellerToken')).toBeTruthy();
    expect(await cookieValue(context, 'sellerRefreshToken')).toBeTruthy();
    expect(await cookieValue(context, 'sellerauthPass')).toBe('true');
    expect(await cookieValue(context, 'token')).toBeUndefined();

    // The store team approves it in the console.
    const admin = await openPage(browser, server.url);
    await loginInPortal(admin.page, '/admin', DEMO_ADMIN);
    await admin.page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="pending-sellers-count"]')?.textContent ?? ''));
    expect(Number(await admin.page.getByTestId('pending-sellers-count').innerText())).toBeGreaterThanOrEqual(1);
    await admin.page.getByTestId('pending-sellers').getByRole('link').click();
    const card = admin.page.locator(`[data-testid="seller-card"][data-store="${seller.alias}"]`);
    await card.waitFor();
    const cardText = await card.innerText();
    for (const value of [seller.storeName, seller.alias, 'Kuala Lumpur, Malaysia', 'Hana Yusof', seller.email]) expect(cardText).toContain(value);
    await card.getByTestId('approve').click();
    await snackbarText(admin.page, `${seller.storeName} is approved.`);
    await card.waitFor({ state: 'detached' });
    // The seller's approval e-mail is in the outbox.
    await admin.page.goto(`/admin/outbox?recipient=${encodeURIComponent(seller.email)}`);
    await admin.page.locator('[data-testid="outbox-row"][data-template="seller-approved"]').waitFor();
    expect(unexpectedProblems(admin.problems)).toEqual([]);
    await admin.context.close();

    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('store-status').filter({ hasText: 'Your store is approved' }).waitFor();
    expect(await page.getByTestId('store-status-badge').innerText()).toBe('Approved');
    expect(unexpectedProblems(sellerTab.problems)).toEqual([]);
    await context.close();
  });

  it('edits the store name in Arabic and uploads a logo, previewed in its three sizes', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await loginInPortal(page, '/seller/store', seller.email, seller.password);
    const editor = page.getByTestId('store-editor');
    await editor.waitFor();

    // The Arabic tab: its field writes right to left whatever the page's language.
    await editor.getByRole('tab', { name: 'العربية' }).click();
    const arabicName = editor.getByRole('textbox', { name: /^Store name/ });
    expect(await arabicName.getAttribute('dir')).toBe('rtl');
    expect(await arabicName.getAttribute('lang')).toBe('ar');
    await arabicName.fill('استوديو الباتيك');
    await editor.getByRole('textbox', { name: /^Description/ }).fill('أقمشة باتيك مرسومة يدويًا من كوالالمبور.');
    await editor.getByRole('tab', { name: 'English' }).click();
    expect(await editor.getByRole('textbox', { name: /^Store name/ }).inputValue()).toBe(seller.storeName);
    // A description needs its English text too (the other languages fall back to it).
    await editor.getByRole('textbox', { name: /^Description/ }).fill('Hand-painted batik cloth from Kuala Lumpur.');
    await editor.getByRole('textbox', { name: /^Shipping/ }).fill('Ships within 5 working days from Kuala Lumpur.');
    await editor.getByRole('button', { name: 'Save the store profile' }).click();
    await snackbarText(page, 'Store profile saved.');

    const token = await cookieValue(context, 'sellerToken');
    const store = await api<{ data: { storeName: Record<string, string>; description: Record<string, string>; policies: Record<string, string> } }>(
      server.url,
      'GET',
      '/v1/seller/store',
      { token: token! },
    );
    expect(store.body.data.storeName).toEqual({ en: seller.storeName, ar: 'استوديو الباتيك' });
    expect(store.body.data.description.ar).toBe('أقمشة باتيك مرسومة يدويًا من كوالالمبور.');
    expect(store.body.data.policies.shipping).toBe('Ships within 5 working days from Kuala Lumpur.');

    // A file that is not an image is refused with the seed's message.
    await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    expect(await snackbarText(page, 'Image format is not valid')).toBe('Image format is not valid');
    expect(await page.getByTestId('logo-error').innerText()).toBe('Image format is not valid');

    await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngImage(600) });
    await snackbarText(page, 'Logo updated.');
    const web = await imageLoaded(page, '[data-testid="logo-web"]');
    const mobile = await imageLoaded(page, '[data-testid="logo-mobile"]');
    const thumb = await imageLoaded(page, '[data-testid="logo-thumb"]');
    expect(web.src).toMatch(/^blob:/);
    expect([web.width, mobile.width, thumb.width]).toEqual([512, 256, 100]);

    // The overview shows the thumbnail and the step as done.
    await page.getByRole('link', { name: 'Overview' }).click();
    const overviewLogo = await imageLoaded(page, 'main img[alt="Store logo"]');
    expect(overviewLogo.width).toBe(100);
    expect(unexpectedProblems(problems, [/status of 400/])).toEqual([]);
    await context.close();
  });

  it('logs out of the portal only: the cookies go and the login form comes back', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await loginInPortal(page, '/seller', seller.email, seller.password);
    await page.getByRole('button', { name: 'Log out' }).click();
    await snackbarText(page, 'You have logged out.');
    await page.getByTestId('portal-login').waitFor();
    expect(await cookieValue(context, 'sellerToken')).toBeUndefined();
    expect(await cookieValue(context, 'sellerauthPass')).toBeUndefined();
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('shows the portal and the console right to left in Arabic', async () => {
    // A new seller in Arabic: the pending notice reads right to left.
    const { page, context, problems } = await openPage(browser, server.url, { viewport: { width: 390, height: 844 } });
    await useLanguage(context, server.url, 'ar');
    const arabicSeller: Seller = { email: uniqueEmail('seller-ar'), password: 'Seller-pass-2026', storeName: unique('Souq'), alias: unique('souq') };
    const signup = await api<{ data: { token: { accessToken: string; refreshToken: string; accessExpireAt: number } } }>(
      server.url,
      'POST',
      '/v1/seller/signup',
      {
        language: 'ar',
        body: {
          firstName: 'ليلى',
          lastName: 'حسن',
          email: arabicSeller.email,
          countryCode: '+971',
          phone: uniquePhone(),
          password: arabicSeller.password,
          confirmPassword: arabicSeller.password,
          storeName: arabicSeller.storeName,
          storeAliasName: arabicSeller.alias,
          country: 'AE',
          city: 'Dubai',
        },
      },
    );
    expect(signup.status).toBe(200);
    await page.goto('/seller');
    await waitForHydration(page);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.getByTestId('portal-title').innerText()).toBe('بوابة البائعين');
    await page.getByRole('heading', { name: 'سجّل الدخول إلى متجرك' }).waitFor();
    await loginInPortal(page, '/seller', arabicSeller.email, arabicSeller.password);
    const status = page.getByTestId('store-status');
    await status.waitFor();
    expect(await status.innerText()).toContain('متجرك بانتظار الاعتماد');
    // Mirrored: the notice's icon sits at the right, its text starts at the right edge.
    const notice = await status.boundingBox();
    const icon = await status.locator('svg').first().boundingBox();
    expect(icon!.x).toBeGreaterThan(notice!.x + notice!.width / 2);
    const brand = await page.getByTestId('portal-title').boundingBox();
    expect(brand!.x).toBeGreaterThan(390 / 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();

    // The console in Arabic, on a laptop: the side navigation is on the right of the content.
    const admin = await openPage(browser, server.url, { viewport: { width: 1366, height: 900 } });
    await useLanguage(admin.context, server.url, 'ar');
    await admin.page.goto('/admin');
    await waitForHydration(admin.page);
    expect(await admin.page.locator('html').getAttribute('dir')).toBe('rtl');
    await admin.page.getByRole('heading', { name: 'تسجيل دخول فريق المتجر' }).waitFor();
    await loginInPortal(admin.page, '/admin', DEMO_ADMIN);
    await admin.page.getByRole('heading', { name: 'الرئيسية', level: 1 }).waitFor();
    expect(await admin.page.getByTestId('admin-role').innerText()).toBe('مالك');
    const aside = await admin.page.locator('aside nav').boundingBox();
    const main = await admin.page.locator('main').boundingBox();
    expect(aside!.x).toBeGreaterThan(main!.x);
    await admin.page.getByRole('link', { name: 'البائعون' }).first().click();
    await admin.page.getByRole('heading', { name: 'اعتماد البائعين' }).waitFor();
    const card = admin.page.locator(`[data-testid="seller-card"][data-store="${arabicSeller.alias}"]`);
    await card.waitFor();
    expect(await card.getByTestId('approve').innerText()).toBe('اعتماد');
    expect(unexpectedProblems(admin.problems)).toEqual([]);
    await admin.context.close();
  });
});
