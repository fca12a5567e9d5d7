import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_LABELS,
  DOCUMENT_PDF,
  fieldError,
  fillCompanyBasics,
  fillSignup,
  LOGO_PNG,
  newBuyer,
  SIGNUP_LABELS,
  TEXT_AS_PNG,
} from './support/accounts.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

const EXPECTED_4XX = [/status of 4\d\d/];

async function htmlAttributes(page: Page) {
  return page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return { left: b.x, right: b.x + b.width, width: b.width };
}

/** Where the text of an element is drawn (not its box, which may span the whole line). */
async function textBox(locator: Locator) {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rect = range.getBoundingClientRect();
    return { left: rect.left, right: rect.right, width: rect.width };
  });
}

/** Text in the control starts at its right edge (direction rtl, or aligned right for left-to-right content). */
async function alignsRight(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return style.textAlign === 'right' || (style.direction === 'rtl' && (style.textAlign === 'start' || style.textAlign === 'right'));
  });
}

describe.skipIf(skipBrowserTests)('accounts in Arabic', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signup and the company form stay right to left, with the Arabic messages of the seed', async () => {
    const { page, context, problems, api } = await openPage(browser, server.url);
    await context.addCookies([{ name: 'lang', value: 'ar', url: server.url }]);
    const labels = SIGNUP_LABELS.ar;

    await page.goto('/signup');
    await waitForHydration(page);
    expect(await htmlAttributes(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('أنشئ حسابك');

    // Fields read from the right: labels and text start at the right edge, the first name is on the right.
    const firstName = page.getByLabel(labels.firstName, { exact: true });
    const lastName = page.getByLabel(labels.lastName, { exact: true });
    const email = page.getByLabel(labels.email, { exact: true });
    expect(await alignsRight(firstName)).toBe(true);
    expect(await alignsRight(email)).toBe(true);
    expect(await alignsRight(page.getByLabel(labels.phone, { exact: true }))).toBe(true);
    const first = await box(firstName);
    expect(first.left).toBeGreaterThan((await box(lastName)).left);
    const label = await textBox(page.locator('label', { hasText: labels.firstName }).first());
    expect(Math.abs(label.right - first.right)).toBeLessThanOrEqual(2);
    // The calling code sits at the start (right) of the phone number.
    const code = await box(page.getByRole('combobox', { name: 'رمز الاتصال الدولي' }));
    expect(code.left).toBeGreaterThan((await box(page.getByLabel(labels.phone, { exact: true }))).left);

    await page.getByRole('button', { name: labels.submit }).click();
    await expect(fieldError(page, 'firstName').innerText()).resolves.toBe('أدخل اسمًا صحيحًا');
    await expect(fieldError(page, 'email').innerText()).resolves.toBe('أدخل بريدًا إلكترونيًا صحيحًا');
    await expect(fieldError(page, 'password').innerText()).resolves.toBe('استخدم 8 أحرف على الأقل تتضمن حرفًا ورقمًا');
    const error = await textBox(fieldError(page, 'firstName'));
    expect(Math.abs(error.right - first.right)).toBeLessThanOrEqual(2);

    const buyer = newBuyer('ليلى', 'منصور');
    await fillSignup(page, buyer, 'شركة: موزع', labels);
    await page.waitForURL(`${server.url}/profile/company?role=distributor`);
    await page.getByTestId('company-form').waitFor();
    expect(JSON.parse(api('POST', '/v1/customer/signup')[0]!.postData() ?? '{}')).toMatchObject({ language: 'ar', firstName: 'ليلى' });
    expect(await htmlAttributes(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('تسجيل الشركة');
    // The welcome snackbar sits in the top left corner, the end of an Arabic line.
    const snackbar = await box(page.getByTestId('snackbar'));
    expect(snackbar.left).toBeLessThan(640 - snackbar.width / 2);

    const companyLabels = COMPANY_LABELS.ar;
    await fillCompanyBasics(page, companyLabels);
    expect(await alignsRight(page.getByLabel(companyLabels.companyName, { exact: true }))).toBe(true);
    expect(await alignsRight(page.getByLabel(companyLabels.registrationNumber, { exact: true }))).toBe(true);
    await page.locator('input[type="file"][name="document"]').setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: DOCUMENT_PDF });
    await page.locator('input[type="file"][name="logo"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TEXT_AS_PNG });
    await page.getByRole('button', { name: companyLabels.submit }).click();
    await expect(fieldError(page, 'cities').innerText()).resolves.toBe('يجب اختيار مدينة واحدة على الأقل');
    expect(api('POST', '/v1/customer/company')).toHaveLength(0);

    await page.getByLabel(companyLabels.cities).fill('كوالالمبور');
    await page.getByLabel(companyLabels.cities).press('Enter');
    await page.getByRole('button', { name: companyLabels.submit }).click();
    // The text file was never kept: the seed's message in Arabic, and nothing was sent.
    await expect(fieldError(page, 'logo').innerText()).resolves.toBe('صورة شعار الشركة غير صالحة');
    expect(api('POST', '/v1/customer/company')).toHaveLength(0);

    await page.locator('input[type="file"][name="logo"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await page.getByRole('button', { name: companyLabels.submit }).click();
    await page.locator('[data-testid="company-status"][data-status="pending"]').waitFor();
    expect((await page.getByTestId('approval-message').textContent())?.trim()).toBe('الملف الشخصي غير معتمد (تواصل مع خدمة العملاء)');
    expect(await page.getByTestId('company-status-label').innerText()).toBe('بانتظار الموافقة');
    expect(await htmlAttributes(page)).toEqual({ dir: 'rtl', lang: 'ar' });

    expect(unexpectedProblems(problems, EXPECTED_4XX)).toEqual([]);
    await context.close();
  });
});
