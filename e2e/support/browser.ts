import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';

/** Debian's Chromium (no browser download is possible on these machines). */
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const REQUIRE_E2E = process.env.REQUIRE_E2E === '1';
export const chromeAvailable = existsSync(CHROME_PATH);

/** Skip the browser tests when Chromium is missing, unless REQUIRE_E2E=1 demands them. */
export const skipBrowserTests = !chromeAvailable && !REQUIRE_E2E;

if (!chromeAvailable) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! Chromium was not found at ${CHROME_PATH}.\n` +
      (REQUIRE_E2E
        ? '!! REQUIRE_E2E=1 is set: the browser tests will FAIL.\n'
        : '!! The browser end-to-end tests are SKIPPED. Install chromium or set CHROME_PATH;\n!! set REQUIRE_E2E=1 to make this a failure.\n') +
      `${line}\n`,
  );
}

export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!chromeAvailable) throw new Error(`Chromium is required (REQUIRE_E2E=1) but missing at ${CHROME_PATH}`);
  return chromium.launch({ executablePath: CHROME_PATH, args: LAUNCH_ARGS });
}

/** A page plus what it logged: console errors, uncaught errors and CSP violations fail tests. */
export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  problems: string[];
  /** Every request the page made (service worker requests included). */
  requests: Request[];
  /** Requests to an API path, e.g. api('POST', '/v1/guest/signIn'). */
  api(method: string, pathname: string): Request[];
}

export async function openPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: Request[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => requests.push(request));
  const api = (method: string, pathname: string) =>
    requests.filter((r) => r.method() === method && new URL(r.url()).pathname === pathname);
  return { context, page, problems, requests, api };
}

/** Waits until React has hydrated (the root layout marks <html data-hydrated>). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 15_000 });
}

/** Problems that do not come from the page under test (expected 4xx answers the test provokes). */
export function unexpectedProblems(problems: string[], allowed: RegExp[] = []): string[] {
  return problems.filter((p) => !allowed.some((re) => re.test(p)));
}
