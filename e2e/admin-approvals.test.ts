import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyerProfile,
  buyerWithCompany,
  DEMO_ADMIN,
  imageLoaded,
  linkIn,
  loginApi,
  loginInPortal,
  mailboxFor,
  snackbarText,
  unique,
  uniqueEmail,
  type Applicant,
} from './portal-helpers.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

/**
 * The admin console: company approvals with their documents, the notification outbox, and a
 * support member who may look but not decide. The server seeds its demo accounts (empty database).
 */
describe.skipIf(skipBrowserTests)('admin console: company approvals, outbox, roles', () => {
  let server: TestServer;
  let browser: Browser;
  let approved: Applicant;
  let rejected: Applicant;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'true' });
    browser = await launchBrowser();
    approved = await buyerWithCompany(server.url, { role: 'distributor', companyName: unique('Verde Distribution') });
    rejected = await buyerWithCompany(server.url, { role: 'retailer', companyName: unique('Casa Retail'), documentAsImage: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('approves a pending distributor after showing every field, the logo and the PDF; the buyer’s profile says approved', async () => {
    expect((await buyerProfile(server.url, approved.token)).approvalStatus).toBe('pending');
    const { page, context, problems } = await openPage(browser, server.url);

    // Signed out, the console shows its own login form (no storefront header) and logs in.
    await page.goto('/admin');
    await waitForHydration(page);
    expect(await page.getByTestId('portal-title').innerText()).toBe('Admin console');
    expect(await page.locator('header input[type="search"], [data-testid="language-switch"]').count()).toBe(0);
    await loginInPortal(page, '/admin', DEMO_ADMIN);
    expect(await page.getByTestId('admin-role').innerText()).toBe('Owner');

    // The dashboard counts the pending companies (the two made above).
    const count = page.getByTestId('pending-companies-count');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="pending-companies-count"]')?.textContent ?? ''));
    expect(Number(await count.innerText())).toBeGreaterThanOrEqual(2);

    await page.getByTestId('pending-companies').getByRole('link').click();
    await page.waitForURL('**/admin/companies');
    const card = page.locator(`[data-testid="company-card"][data-company="${approved.companyName}"]`);
    await card.waitFor();
    const text = await card.innerText();
    for (const value of [
      approved.companyName,
      'Distributor',
      approved.registrationNumber,
      '2031-06-30',
      '+971 4 123 4567',
      '+971 4 765 4321',
      'Al Wasl Tower',
      'https://example.test',
      'United Arab Emirates, Oman',
      'Dubai, Muscat',
      'Rana Saleh',
      '+971 50 123 4567',
      approved.email,
    ]) {
      expect(text, value).toContain(value);
    }

    // The logo loads through the admin token as an object URL; the PDF opens from a blob URL.
    const logo = await imageLoaded(page, `[data-company="${approved.companyName}"] [data-testid="company-logo"]`);
    expect(logo.src).toMatch(/^blob:/);
    expect(logo.width).toBe(256);
    await card.getByTestId('company-document-pdf').waitFor();
    const [popup] = await Promise.all([context.waitForEvent('page'), card.getByTestId('open-document').click()]);
    expect(popup.url()).toMatch(/^blob:/);
    await popup.close();

    // The retailer's registration is an image: shown inline.
    const documentImage = await imageLoaded(page, `[data-company="${rejected.companyName}"] [data-testid="company-document-image"]`);
    expect(documentImage.width).toBe(400);

    await card.getByTestId('approve').click();
    expect(await snackbarText(page, `${approved.companyName} is approved.`)).toContain('is approved');
    await card.waitFor({ state: 'detached' });

    const profile = await buyerProfile(server.url, approved.token);
    expect(profile.approvalStatus).toBe('approved');
    expect(profile.company?.status).toBe('approved');
    expect(profile.canCheckout).toBe(true);
    expect(profile.approvalMessage).toBeNull();

    // The approved tab lists it now.
    await page.getByRole('button', { name: 'Approved', exact: true }).click();
    await page.locator(`[data-testid="company-card"][data-company="${approved.companyName}"]`).waitFor();
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('rejects another company with a reason, which the buyer’s profile shows', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await loginInPortal(page, '/admin/companies', DEMO_ADMIN);
    const card = page.locator(`[data-testid="company-card"][data-company="${rejected.companyName}"]`);
    await card.getByTestId('reject').click();
    const dialog = page.getByTestId('reject-dialog');
    await dialog.waitFor();
    // A reason is required.
    await dialog.getByRole('button', { name: 'Reject the application' }).click();
    await dialog.getByTestId('error-reason').waitFor();
    const reason = 'The commercial registration document is not readable; please upload a clear scan.';
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Reject the application' }).click();
    await snackbarText(page, `${rejected.companyName} was rejected.`);
    await card.waitFor({ state: 'detached' });

    const profile = await buyerProfile(server.url, rejected.token);
    expect(profile.approvalStatus).toBe('rejected');
    expect(profile.company?.rejectionReason).toBe(reason);
    expect(profile.approvalMessage).toBe('profile not approved (contact customer care)');
    expect(profile.canCheckout).toBe(false);

    await page.getByRole('button', { name: 'Rejected', exact: true }).click();
    const rejectedCard = page.locator(`[data-testid="company-card"][data-company="${rejected.companyName}"]`);
    await rejectedCard.waitFor();
    expect(await rejectedCard.innerText()).toContain(reason);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('shows the approval e-mail in the outbox, filtered by recipient, with its body', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await loginInPortal(page, '/admin/outbox', DEMO_ADMIN);
    await page.getByTestId('outbox-row').first().waitFor();

    await page.getByLabel('Channel').selectOption('email');
    await page.getByLabel('Recipient').fill(approved.email);
    // On a busy machine the list of the first load can still be on its way: wait for the filtered answer.
    const filtered = page.waitForResponse((response) => response.url().includes('/v1/admin/notifications') && response.url().includes('recipient='));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/recipient=/);
    await filtered;
    const row = page.locator(`[data-testid="outbox-row"][data-template="company-approved"][data-recipient="${approved.email}"]`);
    await row.waitFor();
    await expect.poll(() => page.locator(`[data-testid="outbox-row"]:not([data-recipient="${approved.email}"])`).count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('outbox-row').count()).toBe(
      await page.locator(`[data-testid="outbox-row"][data-recipient="${approved.email}"]`).count(),
    );
    const rowText = await row.innerText();
    expect(rowText).toContain(`${approved.companyName} is approved on Tessera`);
    expect(rowText).toContain('Email');
    expect(rowText).toContain('In outbox');

    const read = row.getByRole('button', { name: /Read/ });
    expect(await read.getAttribute('aria-expanded')).toBe('false');
    await read.click();
    expect(await row.getByRole('button', { name: /Hide/ }).getAttribute('aria-expanded')).toBe('true');
    const body = page.getByTestId('outbox-body');
    expect(await body.innerText()).toContain(`we have approved the registration of ${approved.companyName}`);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('lets an owner invite a support member, who sets a password from the outbox link and cannot approve', async () => {
    const owner = await openPage(browser, server.url);
    await loginInPortal(owner.page, '/admin/team', DEMO_ADMIN);
    const email = uniqueEmail('support');
    const invite = owner.page.getByTestId('invite-form');
    await invite.getByLabel('First name').fill('Sofía');
    await invite.getByLabel('Last name').fill('Marín');
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Role').selectOption('support');
    await invite.getByRole('button', { name: 'Send the invitation' }).click();
    await snackbarText(owner.page, `Invitation sent to ${email}.`);
    const row = owner.page.locator(`[data-testid="member-row"][data-email="${email}"]`);
    expect(await row.innerText()).toContain('Invited');
    await owner.context.close();

    // The invitation link, as the invitee received it (the console's outbox hides it).
    const [invitation] = await mailboxFor(server.url, email);
    expect(invitation).toBeDefined();
    const link = linkIn(invitation!, '/admin/set-password');

    const support = await openPage(browser, server.url);
    const { page } = support;
    await page.goto(new URL(link).pathname + new URL(link).search);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Support-pass-2026');
    await page.getByLabel('Confirm password', { exact: true }).fill('Support-pass-2026');
    await page.getByRole('button', { name: 'Activate my account' }).click();
    await snackbarText(page, 'Your password is set. Log in to the console.');
    await page.waitForURL(/\/admin$/);

    await loginInPortal(page, '/admin/companies', email, 'Support-pass-2026');
    expect(await page.getByTestId('admin-role').innerText()).toBe('Support');
    // A pending application is there (made now), but support gets no buttons and a clear message.
    const pending = await buyerWithCompany(server.url, { role: 'distributor', companyName: unique('Norte Supplies') });
    await page.reload();
    await waitForHydration(page);
    const card = page.locator(`[data-testid="company-card"][data-company="${pending.companyName}"]`);
    await card.waitFor();
    expect(await page.getByTestId('read-only-notice').innerText()).toContain(
      'Your role (Support) can view applications but cannot approve or reject them.',
    );
    expect(await page.getByTestId('approve').count()).toBe(0);
    expect(await page.getByTestId('reject').count()).toBe(0);
    // The server refuses support's decisions as well.
    const supportToken = await loginApi(server.url, 'admin', email, 'Support-pass-2026');
    const companies = await fetch(`${server.url}/v1/admin/companies?status=pending`, { headers: { authorization: supportToken } });
    const id = ((await companies.json()) as { data: { items: Array<{ id: string; companyName: string }> } }).data.items.find(
      (c) => c.companyName === pending.companyName,
    )?.id;
    const refused = await fetch(`${server.url}/v1/admin/companies/${id}/review`, {
      method: 'POST',
      headers: { authorization: supportToken, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approve' }),
    });
    expect(refused.status).toBe(403);

    // Support sees the team but cannot manage it.
    await page.getByRole('link', { name: 'Team', exact: true }).click();
    await page.getByTestId('owners-only').waitFor();
    expect(await page.getByTestId('invite-form').count()).toBe(0);
    expect(unexpectedProblems(support.problems)).toEqual([]);
    await support.context.close();
  });
});
