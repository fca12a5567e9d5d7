import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldError, fillSignup, newBuyer, signUpBuyerByApi, waitForMailbox } from './support/accounts.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

/** Answers the page provokes on purpose (a wrong code, an unknown account) log a 4xx in the console. */
const EXPECTED_4XX = [/status of 4\d\d/];

async function cookieMap(context: BrowserContext): Promise<Record<string, string>> {
  return Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
}

describe.skipIf(skipBrowserTests)('buyer accounts', () => {
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

  it('a guest signs up, keeps its identity, verifies the mobile number with the code from the outbox, and logs out', async () => {
    const { page, context, problems, api } = await openPage(browser, server.url);
    const buyer = newBuyer();
    await page.goto('/signup');
    await waitForHydration(page);
    // The header offers the login to a guest.
    await page.locator('[data-testid="header-login"][data-state="guest"]').waitFor();

    // The guest session the page started: its user becomes the buyer.
    await page.waitForFunction(() => document.cookie.includes('token='));
    const guestSignIn = api('POST', '/v1/guest/signIn')[0]!;
    const guest = ((await (await guestSignIn.response())!.json()) as { data: { userId: string; token: { accessToken: string } } }).data;

    // The seed's field messages, in the browser, before anything is sent.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(fieldError(page, 'firstName').innerText()).resolves.toBe('Enter Valid Name');
    await expect(fieldError(page, 'email').innerText()).resolves.toBe('Enter Valid Email');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    expect(api('POST', '/v1/customer/signup')).toHaveLength(0);

    await fillSignup(page, buyer, 'Myself');
    await page.waitForURL(/\/verify-mobile/);
    await page.getByTestId('snackbar').getByText(`Welcome to Tessera, ${buyer.firstName}!`).waitFor();

    // Sent with the guest's token; answered with the buyer's session, kept as the seed says.
    const signup = api('POST', '/v1/customer/signup')[0]!;
    expect(signup.headers()['authorization']).toBe(guest.token.accessToken);
    expect(JSON.parse(signup.postData() ?? '{}')).toMatchObject({ email: buyer.email, countryCode: '+60', phone: buyer.phone, language: 'en' });
    const cookies = await cookieMap(context);
    expect(cookies.uid).toBe(guest.userId);
    expect(cookies.authPass).toBe('1');
    expect(cookies.userType).toBe('2');
    expect(cookies.token).toBeTruthy();
    expect(cookies.token).not.toBe(guest.token.accessToken);

    // Arriving sends nothing, nor does a reload: the code goes out when the buyer asks for it.
    await page.getByTestId('send-code').waitFor();
    expect(await page.getByTestId('verify-page').innerText()).toContain(`+60${buyer.phone}`);
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('send-code').waitFor();
    expect(api('POST', '/v1/customer/mobile/sendCode')).toHaveLength(0);
    await page.getByTestId('send-code').click();
    // Once sent, the resend button waits for the countdown.
    await page.getByTestId('resend-countdown').waitFor();
    expect(await page.getByTestId('resend-countdown').innerText()).toMatch(/You can ask for a new code in (1:00|0:5\d)/);
    expect(await page.getByRole('button', { name: 'Send a new code' }).isDisabled()).toBe(true);
    expect(api('POST', '/v1/customer/mobile/sendCode')).toHaveLength(1);
    expect(await page.getByTestId('verify-page').innerText()).toContain(`+60`);

    const sms = await waitForMailbox(server.url, { channel: 'sms', recipient: `+60${buyer.phone}`, template: 'mobile-verification-code' });
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
    expect(code).toBeTruthy();

    // A wrong code first: the server's message beside the field.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(fieldError(page, 'code').innerText()).resolves.toBe('That code is not correct.');

    await page.getByLabel('Verification code').fill(code!);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByTestId('snackbar').getByText('Your mobile number is verified.').waitFor();
    await page.waitForURL(`${server.url}/profile`);
    await page.getByTestId('phone-status').getByText('Verified').waitFor();
    expect(await page.getByTestId('profile-name').innerText()).toBe(`${buyer.firstName} ${buyer.lastName}`);

    // The header: the buyer's name with the account menu, whose last entry logs out (seed §4).
    const entry = page.getByTestId('account-entry');
    expect(await entry.getByTestId('account-name').innerText()).toBe(buyer.firstName);
    const menuButton = entry.getByRole('button').first();
    await menuButton.click();
    // The menu's code comes with the first opening: wait for it, then every entry is there.
    await entry.getByRole('link', { name: 'Profile' }).waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    for (const item of ['Profile', 'Addresses', 'Company']) expect(await entry.getByRole('link', { name: item }).isVisible()).toBe(true);
    await entry.getByRole('button', { name: 'Log out' }).click();
    await page.getByTestId('snackbar').getByText('You have logged out.').waitFor();
    await page.waitForURL(`${server.url}/`);
    await page.locator('[data-testid="header-login"][data-state="guest"]').waitFor();
    expect(api('POST', '/v1/customer/logout')).toHaveLength(1);
    const after = await cookieMap(context);
    expect(after.uid).toBeUndefined();
    expect(after.authPass).toBeUndefined();
    expect(after.userType).toBe('1');

    expect(unexpectedProblems(problems, EXPECTED_4XX)).toEqual([]);
    await context.close();
  });

  it("login answers with the seed's messages, then logs in by mobile number and comes back to where it was sent from", async () => {
    const buyer = newBuyer('Lucía', 'Ortega');
    await signUpBuyerByApi(server.url, buyer);
    const { page, context, problems } = await openPage(browser, server.url);

    // A page that needs an account sends a guest to the login, with the way back.
    await page.goto('/profile/addresses');
    await waitForHydration(page);
    await page.waitForURL(`${server.url}/login?next=/profile/addresses`);

    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`nobody-${buyer.email}`);
    await page.getByLabel('Password', { exact: true }).fill('whatever-1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(fieldError(page, 'email').innerText()).resolves.toBe('email not registered, please register or try a different email');

    await page.getByRole('tab', { name: 'Mobile number' }).click();
    await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill('199999999');
    await page.getByLabel('Password', { exact: true }).fill('whatever-1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(fieldError(page, 'phone').innerText()).resolves.toBe('mobile number not registered, please register or try a different number');

    await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(buyer.phone);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(fieldError(page, 'password').innerText()).resolves.toBe('The password is not correct.');

    // A store team account is not a buyer: 'account could not be recognised'.
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('admin@tessera.test');
    await page.getByLabel('Password', { exact: true }).fill('Tessera-demo-2026');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByTestId('form-error').innerText()).resolves.toBe('account could not be recognised, sign up with a new account');

    await page.getByRole('tab', { name: 'Mobile number' }).click();
    await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(buyer.phone);
    await page.getByLabel('Password', { exact: true }).fill(buyer.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${server.url}/profile/addresses`);
    await page.getByTestId('snackbar').getByText('Welcome back, Lucía!').waitFor();
    expect(await page.getByTestId('account-name').innerText()).toBe('Lucía');

    // Addresses: the first one is the default; a second made default takes the flag; exactly one shows it.
    await page.getByTestId('addresses-empty').waitFor();
    for (const [index, city] of ['Kuala Lumpur', 'Penang'].entries()) {
      await page.getByTestId('add-address').click();
      const form = page.getByTestId('address-form');
      await form.getByLabel('Flat or house number').fill(`${index + 3}A`);
      await form.getByLabel('Address line 1').fill('12 Jalan Tukang');
      await form.getByLabel('Locality').fill('Bangsar');
      await form.getByLabel('City').fill(city);
      await form.getByLabel('State or region').fill('Wilayah Persekutuan');
      await form.getByLabel('Postcode or ZIP code').fill('59000');
      await form.getByRole('button', { name: 'Save the address' }).click();
      await page.getByTestId('snackbar').getByText('Address added').waitFor();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="address-card"]').length === n, index + 1);
    }
    const cards = page.getByTestId('address-card');
    await expect(page.locator('[data-testid="address-card"][data-default="true"]').count()).resolves.toBe(1);
    expect(await cards.filter({ hasText: 'Kuala Lumpur' }).getAttribute('data-default')).toBe('true');
    await cards.filter({ hasText: 'Penang' }).getByRole('button', { name: 'Make default' }).click();
    await page.getByTestId('snackbar').getByText('Default address set').waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="address-card"][data-default="true"]')].map((c) => c.textContent).join('').includes('Penang'));
    await expect(page.locator('[data-testid="address-card"][data-default="true"]').count()).resolves.toBe(1);
    // Deleting the default hands the flag on.
    await cards.filter({ hasText: 'Penang' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.getByTestId('snackbar').getByText('Address deleted').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="address-card"]').length === 1);
    expect(await cards.first().getAttribute('data-default')).toBe('true');

    expect(unexpectedProblems(problems, EXPECTED_4XX)).toEqual([]);
    await context.close();
  });

  it('forgot password: the link from the outbox sets a new password, works once, and the new password logs in', async () => {
    const buyer = newBuyer('Nadia', 'Rahman');
    await signUpBuyerByApi(server.url, buyer);
    const { page, context, problems } = await openPage(browser, server.url);
    await page.goto('/login');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${server.url}/forgot-password`);
    const asked = Date.now();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(buyer.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByTestId('reset-sent').getByText('Check your email').waitFor();

    const mail = await waitForMailbox(server.url, { channel: 'email', recipient: buyer.email, template: 'password-reset', after: asked - 1000 });
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/.exec(mail.body)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    expect(url.origin).toBe(server.url);

    const newPassword = `Fresh-${buyer.password}`;
    await page.goto(`${url.pathname}${url.search}`);
    await waitForHydration(page);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm the new password', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(fieldError(page, 'confirmPassword').innerText()).resolves.toBe('Passwords do not match');
    await page.getByLabel('Confirm the new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByTestId('snackbar').getByText('Your password has been changed. Log in with the new password.').waitFor();
    await page.waitForURL(`${server.url}/login`);

    // The old password no longer works; the new one does.
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill(buyer.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(fieldError(page, 'password').innerText()).resolves.toBe('The password is not correct.');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${server.url}/profile`);
    expect(await page.getByTestId('profile-name').innerText()).toBe('Nadia Rahman');

    // The link works once.
    await page.goto(`${url.pathname}${url.search}`);
    await waitForHydration(page);
    await page.getByLabel('New password', { exact: true }).fill(`${newPassword}2`);
    await page.getByLabel('Confirm the new password', { exact: true }).fill(`${newPassword}2`);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByTestId('reset-link-invalid').innerText()).resolves.toBe('This link has expired or was already used. Ask for a new one.');

    expect(unexpectedProblems(problems, EXPECTED_4XX)).toEqual([]);
    await context.close();
  });
});
