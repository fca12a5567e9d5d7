import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

describe.skipIf(skipBrowserTests)('guest session on a first visit', () => {
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

  it('makes exactly one guest sign-in while several API requests wait for it, then shows the data', async () => {
    const { page, context, api, problems } = await openPage(browser, server.url);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);

    // The config section shows data that came from GET /v1/config.
    const section = page.getByTestId('trade-essentials');
    await page.waitForSelector('[data-testid="trade-essentials"][data-state="ready"]', { timeout: 15_000 });
    expect(await section.getByTestId('payment-types').innerText()).toContain('Cash on delivery');
    expect(await section.getByTestId('delivery-modes').innerText()).toContain('Self pickup');
    expect(await section.locator('[data-testid="currencies"] li[data-value="EUR"]').count()).toBe(1);

    const signIns = api('POST', '/v1/guest/signIn');
    const configCalls = api('GET', '/v1/config');
    expect(signIns).toHaveLength(1);
    // The page fired at least two API requests on load (the shell's config refresh and the
    // "Trade essentials" section); both were held until the one token arrived.
    expect(configCalls.length).toBeGreaterThanOrEqual(2);
    const signInAnswer = (await (await signIns[0]!.response())!.json()) as { data: { token: { accessToken: string } } };
    const token = signInAnswer.data.token.accessToken;
    for (const call of configCalls) {
      expect(call.headers()['authorization']).toBe(token);
      expect(call.headers()['platform']).toBe('3');
      expect(call.headers()['language']).toBe('en');
      expect(call.headers()['currencycode']).toBe('EUR');
      expect((await call.response())?.status()).toBe(200);
    }

    // The token flow's cookies are in place.
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    expect(cookies.token?.value).toBe(token);
    expect(cookies.refreshToken?.value).toBeTruthy();
    expect(Number(cookies.accessExpireAt?.value)).toBeGreaterThan(Date.now());
    expect(cookies.sid?.value).toBeTruthy();
    expect(cookies.userType?.value).toBe('1');
    expect(cookies.token?.sameSite).toBe('Strict');
    // Token cookies last 30 days.
    expect(cookies.token!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);

    // A second page load reuses the stored token: no new sign-in.
    await page.reload();
    await waitForHydration(page);
    await page.waitForSelector('[data-testid="trade-essentials"][data-state="ready"]');
    expect(api('POST', '/v1/guest/signIn')).toHaveLength(1);

    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('shows the trade essentials failure with a retry (the home route’s clientLoader reads again), then the data', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await page.route('**/v1/config', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Down for a moment' }) }),
    );
    await page.goto('/');
    await waitForHydration(page);
    const section = page.getByTestId('trade-essentials');
    await page.waitForSelector('[data-testid="trade-essentials"][data-state="error"]', { timeout: 15_000 });
    await page.getByTestId('snackbar').filter({ hasText: 'could not' }).waitFor();

    await page.unroute('**/v1/config');
    await section.getByRole('button', { name: 'Try again' }).click();
    await page.waitForSelector('[data-testid="trade-essentials"][data-state="ready"]', { timeout: 15_000 });
    expect(await section.getByTestId('payment-types').innerText()).toContain('Cash on delivery');
    expect(unexpectedProblems(problems, [/status of 503/])).toEqual([]);
    await context.close();
  });

  it('ends the session from the account page: logout call, cleared cookies, then a fresh guest session', async () => {
    const { page, context, api, problems } = await openPage(browser, server.url);
    await page.goto('/account');
    await waitForHydration(page);
    await page.getByText('You are browsing as a guest.').waitFor();
    // The guest text is on the server-rendered page already; the session exists once the button
    // to end it is enabled (the guest sign-in has answered and its cookies are stored).
    const endSession = page.getByRole('button', { name: 'End this session' });
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('main button')?.disabled);
    const before = (await context.cookies()).find((c) => c.name === 'refreshToken')?.value;
    expect(before).toBeTruthy();
    expect(api('POST', '/v1/guest/signIn')).toHaveLength(1);

    await endSession.click();
    await page.getByTestId('snackbar').getByText('Your session has ended.').waitFor();
    await page.waitForURL(`${server.url}/`);
    const logouts = api('POST', '/v1/customer/logout');
    expect(logouts).toHaveLength(1);
    expect((await logouts[0]!.response())?.status()).toBe(200);
    expect(JSON.parse(logouts[0]!.postData() ?? '{}')).toMatchObject({ refToken: before, deviceMake: 'Chrome', ipAddress: 'unknown' });

    // The home page then needs a token again and gets a new guest session.
    await page.waitForSelector('[data-testid="trade-essentials"][data-state="ready"]');
    expect(api('POST', '/v1/guest/signIn')).toHaveLength(2);
    const after = (await context.cookies()).find((c) => c.name === 'refreshToken')?.value;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });
});
