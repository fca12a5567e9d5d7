import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiredCopy, signInGuest } from './support/api.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

describe.skipIf(skipBrowserTests)('expired access token', () => {
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

  it('the server refuses the expired token with 406', async () => {
    const guest = await signInGuest(server.url);
    const expired = await expiredCopy(guest.accessToken, server.jwtSecret);
    const response = await fetch(`${server.url}/v1/config`, { headers: { authorization: expired, platform: '3' } });
    expect(response.status).toBe(406);
  });

  it('is refreshed once, the rotated tokens are stored, and the page still shows its data', async () => {
    const guest = await signInGuest(server.url);
    const expired = await expiredCopy(guest.accessToken, server.jwtSecret);
    const { page, context, api, problems } = await openPage(browser, server.url);
    await context.addCookies(
      [
        ['token', expired],
        ['refreshToken', guest.refreshToken],
        ['accessExpireAt', String(Date.now() - 60_000)],
        ['sid', guest.sessionId],
        ['userType', '1'],
      ].map(([name, value]) => ({ name: name!, value: value!, url: server.url, sameSite: 'Strict' as const })),
    );

    await page.goto('/');
    await waitForHydration(page);
    await page.waitForSelector('[data-testid="trade-essentials"][data-state="ready"]', { timeout: 15_000 });
    expect(await page.getByTestId('payment-types').innerText()).toContain('Cash on delivery');

    const refreshes = api('POST', '/v1/generateToken');
    expect(refreshes).toHaveLength(1);
    expect(api('POST', '/v1/guest/signIn')).toHaveLength(0);
    expect(JSON.parse(refreshes[0]!.postData() ?? '{}')).toEqual({ refToken: guest.refreshToken, accessToken: expired });
    const refreshAnswer = (await (await refreshes[0]!.response())!.json()) as {
      data: { accessToken: string; refreshToken: string; accessExpireAt: number };
    };

    // Every config request that got 406 was retried with the new token.
    const configCalls = api('GET', '/v1/config');
    const statuses = await Promise.all(configCalls.map(async (r) => (await r.response())?.status()));
    expect(statuses.filter((s) => s === 406).length).toBeGreaterThanOrEqual(1);
    const retried = configCalls.filter((r) => r.headers()['authorization'] === refreshAnswer.data.accessToken);
    expect(retried.length).toBe(statuses.filter((s) => s === 406).length);
    expect(statuses.filter((s) => s === 200).length).toBe(retried.length);

    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies.token).toBe(refreshAnswer.data.accessToken);
    expect(cookies.refreshToken).toBe(refreshAnswer.data.refreshToken);
    expect(cookies.refreshToken).not.toBe(guest.refreshToken);
    expect(Number(cookies.accessExpireAt)).toBe(refreshAnswer.data.accessExpireAt);

    // The 406 answers show up as failed resources in the console; nothing else may.
    expect(unexpectedProblems(problems, [/status of 406/])).toEqual([]);
    await context.close();
  });
});
