import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_SELLER, loginInPortal, snackbarText } from './portal-helpers.js';
import { buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration, type TrackedPage } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

/**
 * Issue #12 §2 "logout unsubscribes first and goes on if that fails" (seed §4), in Chromium, for the
 * three ways out: the buyer's account menu, the seller portal and the admin console. The page's
 * requests are recorded in the order the browser makes them: the push topic's DELETE has been
 * answered before the logout call leaves; when the DELETE answers 500, the logout happens all the same.
 */

const PUSH_PATH = '/chat/push/subscription';
const LOGOUT_PATH = '/v1/customer/logout';

type Who = 'buyer' | 'seller' | 'admin';

/** The chat token's storage key of each realm (features/chat/session.ts). */
const CHAT_TOKEN_KEY: Record<Who, string> = { buyer: 'isometrikToken', seller: 'sellerIsometrikToken', admin: 'adminIsometrikToken' };

/** What the browser sent and got back, in order: "> DELETE /chat/push/subscription", "< 200 DELETE …". */
function recordTraffic(page: Page): string[] {
  const log: string[] = [];
  const path = (url: string) => new URL(url).pathname;
  page.on('request', (request) => log.push(`> ${request.method()} ${path(request.url())}`));
  page.on('response', (response) => log.push(`< ${response.status()} ${response.request().method()} ${path(response.url())}`));
  return log;
}

describe.skipIf(skipBrowserTests)('logout ends the chat push subscription first', () => {
  let server: TestServer;
  let browser: Browser;
  const opened: TrackedPage[] = [];

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const tracked of opened) await tracked.context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  /** Signed in with a chat session (the message center fetched it), ready to log out. */
  async function signedInWithChat(who: Who): Promise<TrackedPage> {
    const tracked = await openPage(browser, server.url);
    opened.push(tracked);
    const { page, context } = tracked;
    if (who === 'buyer') {
      const buyer = await signUpBuyerByApi(server.url, newBuyer('Nadia', 'Rahman'));
      await context.addCookies(buyerCookies(server.url, buyer));
      await page.goto('/profile/message-center');
      await waitForHydration(page);
    } else {
      await loginInPortal(page, `/${who}/messages`, who === 'seller' ? DEMO_SELLER : DEMO_ADMIN);
    }
    await page.waitForFunction((key) => Boolean(localStorage.getItem(key)), CHAT_TOKEN_KEY[who], { timeout: 15_000 });
    return tracked;
  }

  async function logOut(page: Page, who: Who): Promise<void> {
    if (who === 'buyer') {
      const entry = page.getByTestId('account-entry');
      await entry.getByRole('button').first().click();
      await entry.getByRole('button', { name: 'Log out' }).click();
      await snackbarText(page, 'You have logged out.');
      await page.locator('[data-testid="header-login"][data-state="guest"]').waitFor();
    } else {
      await page.getByRole('button', { name: 'Log out' }).click();
      await snackbarText(page, 'You have logged out.');
      await page.getByTestId('portal-login').waitFor();
    }
  }

  it.each(['buyer', 'seller', 'admin'] as const)('%s: the DELETE is answered before the logout call is sent', async (who) => {
    const { page, problems } = await signedInWithChat(who);
    const traffic = recordTraffic(page);
    await logOut(page, who);

    const deleted = traffic.indexOf(`< 200 DELETE ${PUSH_PATH}`);
    const loggedOut = traffic.indexOf(`> POST ${LOGOUT_PATH}`);
    expect(traffic.filter((line) => line.startsWith(`> DELETE ${PUSH_PATH}`))).toHaveLength(1);
    expect(deleted, traffic.join('\n')).toBeGreaterThanOrEqual(0);
    expect(loggedOut, traffic.join('\n')).toBeGreaterThan(deleted);
    expect(await page.evaluate((key) => localStorage.getItem(key), CHAT_TOKEN_KEY[who])).toBeNull();
    expect(unexpectedProblems(problems, [/\[realtime\]/])).toEqual([]);
  });

  it.each(['buyer', 'seller', 'admin'] as const)('%s: a DELETE answered 500 is logged and the logout goes on', async (who) => {
    const { page, problems } = await signedInWithChat(who);
    await page.route(`**${PUSH_PATH}`, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }) : route.fallback(),
    );
    const traffic = recordTraffic(page);
    await logOut(page, who);

    const failed = traffic.indexOf(`< 500 DELETE ${PUSH_PATH}`);
    const loggedOut = traffic.indexOf(`> POST ${LOGOUT_PATH}`);
    expect(failed, traffic.join('\n')).toBeGreaterThanOrEqual(0);
    expect(loggedOut, traffic.join('\n')).toBeGreaterThan(failed);
    expect(traffic).toContain(`< 200 POST ${LOGOUT_PATH}`);
    // The chat session is forgotten all the same.
    expect(await page.evaluate((key) => localStorage.getItem(key), CHAT_TOKEN_KEY[who])).toBeNull();
    expect(unexpectedProblems(problems, [/\[realtime\]/, /status of 500/])).toEqual([]);
  });
});
