import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  DOCUMENT_PDF,
  fieldError,
  fillCompanyBasics,
  fillSignup,
  LOGO_PNG,
  newBuyer,
  reviewCompany,
  TEXT_AS_PNG,
} from './support/accounts.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

const EXPECTED_4XX = [/status of 4\d\d/];
const NOT_APPROVED = 'profile not approved (contact customer care)';

describe.skipIf(skipBrowserTests)('retailer and distributor companies', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await adminToken(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a guest signs up as a distributor with a logo and a PDF, waits for approval, and reaches checkout once the store team approves', async () => {
    const { page, context, problems, api } = await openPage(browser, server.url);
    const buyer = newBuyer('Omar', 'Khalil');
    await page.goto('/signup');
    await waitForHydration(page);
    await fillSignup(page, buyer, 'A company: distributor');
    await page.waitForURL(`${server.url}/profile/company?role=distributor`);
    await page.getByTestId('company-form').waitFor();
    expect(await page.getByRole('radio', { name: 'Distributor' }).isChecked()).toBe(true);
    // The contact person starts as the buyer.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(buyer.email);

    await fillCompanyBasics(page);
    await page.getByLabel('Cities of operation').fill('Kuala Lumpur');
    await page.getByLabel('Cities of operation').press('Enter');
    await page.getByLabel('Cities of operation').fill('Johor Bahru');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await page.getByRole('list', { name: 'Chosen cities' }).getByRole('listitem').allInnerTexts()).toEqual(['Kuala Lumpur', 'Johor Bahru']);
    await page.locator('input[type="file"][name="logo"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await page.locator('input[type="file"][name="document"]').setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: DOCUMENT_PDF });
    await page.getByText('registration.pdf').waitFor();
    // The chosen logo is previewed before it is sent.
    await page.waitForFunction(() => [...document.images].some((img) => img.src.startsWith('blob:') && img.naturalWidth === 192));

    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await page.getByTestId('snackbar').getByText('Company registered: waiting for approval').waitFor();

    // Sent as multipart/form-data (the browser wrote the boundary), read back as sent.
    const upload = api('POST', '/v1/customer/company')[0]!;
    expect(upload.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect((await upload.response())?.status()).toBe(200);
    const registered = ((await (await upload.response())!.json()) as { data: { company: { countries: string[]; cities: string[]; role: string } } }).data.company;
    expect(registered).toMatchObject({ role: 'distributor', countries: ['MY'], cities: ['Kuala Lumpur', 'Johor Bahru'] });

    // Pending: the seed's message, the state of the registration, the logo served through the token cookie.
    const status = page.getByTestId('company-status');
    await status.waitFor();
    expect(await status.getAttribute('data-status')).toBe('pending');
    expect((await page.getByTestId('approval-message').textContent())?.trim()).toBe(NOT_APPROVED);
    expect(await page.getByTestId('company-status-label').innerText()).toBe('Waiting for approval');
    expect(await status.innerText()).toContain('Kuala Lumpur, Johor Bahru');
    await page.waitForFunction(() => [...document.images].some((img) => img.src.includes('/v1/uploads/') && img.complete && img.naturalWidth === 192));

    // The profile says it too, and checkout is refused.
    await page.getByTestId('account-entry').getByRole('button').click();
    await page.getByTestId('account-entry').getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(`${server.url}/profile`);
    expect((await page.getByTestId('approval-message').textContent())?.trim()).toBe(NOT_APPROVED);
    expect(await page.getByTestId('profile-role').innerText()).toBe('Distributor');
    await page.goto('/checkout');
    await waitForHydration(page);
    await page.getByTestId('checkout-blocked').waitFor();
    expect((await page.getByTestId('checkout-blocked').textContent())?.toLowerCase()).toContain(NOT_APPROVED);
    expect(await page.getByTestId('checkout-empty').count()).toBe(0);

    // The store team approves; the buyer reloads and reaches checkout.
    await reviewCompany(server.url, admin, buyer.email, { decision: 'approve' });
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('checkout-page').waitFor();
    expect((await page.getByTestId('checkout-empty').textContent())?.trim()).toBe('cart is empty');
    expect(await page.getByTestId('approval-banner').count()).toBe(0);

    await page.goto('/profile/company');
    await waitForHydration(page);
    await page.locator('[data-testid="company-status"][data-status="approved"]').waitFor();
    expect(await page.getByTestId('company-status-label').innerText()).toBe('Approved');

    // A guest who opens checkout logs in first and comes back to it.
    const guest = await openPage(browser, server.url);
    await guest.page.goto('/checkout');
    await waitForHydration(guest.page);
    await guest.page.waitForURL(`${server.url}/login?next=/checkout`);
    await guest.page.getByRole('textbox', { name: 'Email', exact: true }).fill(buyer.email);
    await guest.page.getByLabel('Password', { exact: true }).fill(buyer.password);
    await guest.page.getByRole('button', { name: 'Log in', exact: true }).click();
    await guest.page.waitForURL(`${server.url}/checkout`);
    await guest.page.getByTestId('checkout-page').waitFor();
    expect(unexpectedProblems(guest.problems)).toEqual([]);
    await guest.context.close();

    expect(unexpectedProblems(problems, EXPECTED_4XX)).toEqual([]);
    await context.close();
  });

  it("refuses a text file named logo.png with 'Company Logo Image is not valid' as soon as it is chosen, and asks for a city", async () => {
    const { page, context, problems, api } = await openPage(browser, server.url);
    const buyer = newBuyer('Siti', 'Aminah');
    await page.goto('/signup');
    await waitForHydration(page);
    await fillSignup(page, buyer, 'A company: retailer');
    await page.waitForURL(`${server.url}/profile/company?role=retailer`);
    await page.getByTestId('company-form').waitFor();

    // Nothing chosen: the seed's messages, in the browser.
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(fieldError(page, 'companyName').innerText()).resolves.toBe('Enter Valid Name');
    await expect(fieldError(page, 'cities').innerText()).resolves.toBe('At least 1 city should be selected');
    await expect(fieldError(page, 'logo').innerText()).resolves.toBe('Company Logo Image is not valid');
    await expect(fieldError(page, 'document').innerText()).resolves.toBe('Company Document Image is not valid');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('companyName');

    await fillCompanyBasics(page);
    await page.locator('input[type="file"][name="document"]').setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: DOCUMENT_PDF });
    // Still no city.
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(fieldError(page, 'cities').innerText()).resolves.toBe('At least 1 city should be selected');
    expect(api('POST', '/v1/customer/company')).toHaveLength(0);

    await page.getByLabel('Cities of operation').fill('Melaka');
    await page.getByLabel('Cities of operation').press('Enter');
    // Its name says PNG; its bytes say text. Checked the moment it is chosen: not kept, no broken
    // preview, and the field says which file and why (the server would refuse it too).
    await page.locator('input[type="file"][name="logo"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TEXT_AS_PNG });
    // The check decodes the file (asynchronously): the field's earlier message gives way to this one.
    await expect
      .poll(() => fieldError(page, 'logo').innerText())
      .toBe('Company Logo Image is not valid. \u201c\u2068logo.png\u2069\u201d was not added: this field takes a JPEG, PNG, WebP, AVIF or GIF picture.');
    expect(await page.getByRole('img', { name: 'Preview of the logo' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(fieldError(page, 'logo').innerText()).resolves.toBe('Company Logo Image is not valid');
    expect(api('POST', '/v1/customer/company')).toHaveLength(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('logo');
    // Nothing was registered.
    expect(await page.getByTestId('company-status').count()).toBe(0);

    // With a real logo it goes through.
    await page.locator('input[type="file"][name="logo"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    // The check decodes the picture asynchronously; the refusal clears once it has.
    await expect.poll(() => fieldError(page, 'logo').count()).toBe(0);
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await page.locator('[data-testid="company-status"][data-status="pending"]').waitFor();

    expect(unexpectedProblems(problems, EXPECTED_4XX)).toEqual([]);
    await context.close();
  });
});
