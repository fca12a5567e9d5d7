/**
 * What the screenshot scripts (e2e/screenshots*.ts) share: Chromium and the built servers opened and
 * closed around a run, and each page taken in English and Arabic on a phone and a laptop, named
 * `<name>-<language>-<viewport>.png`, with its horizontal overflow and console errors reported.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loginInPortal } from '../portal-helpers.js';
import { launchBrowser, waitForHydration } from './browser.js';
import { REPO_ROOT, startServer, type TestServer } from './server.js';

export interface ScreenshotViewport {
  name: string;
  width: number;
  height: number;
}

export const SCREENSHOT_VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const satisfies readonly ScreenshotViewport[];

/** The phone and the common laptop widths, for pages whose layout changes between them. */
export const LAPTOP_WIDTH_VIEWPORTS: readonly ScreenshotViewport[] = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop-1280', width: 1280, height: 800 },
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'laptop-1440', width: 1440, height: 900 },
];
export const SCREENSHOT_LANGUAGES = ['en', 'ar'] as const;

/** A phone's user agent, so that the pages see the device they are drawn for. */
const PHONE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

/** One picture's language and screen. */
export interface Frame {
  language: (typeof SCREENSHOT_LANGUAGES)[number];
  viewport: ScreenshotViewport;
  phone: boolean;
}

export interface Shot {
  /** The file names' start, and what the run's name filter matches. */
  name: string;
  /** Cookies besides the language's (a signed-in buyer's session). */
  cookies?: Parameters<BrowserContext['addCookies']>[0];
  /** Opens the page and waits until it shows what the picture is about. */
  open(page: Page, frame: Frame): Promise<void>;
  /** The screens it is taken on; SCREENSHOT_VIEWPORTS when absent. */
  viewports?: readonly ScreenshotViewport[];
}

export interface CameraOptions {
  /** The folder under screenshots/ (gitignored) the pictures go to; '' for screenshots/ itself. */
  folder: string;
  /** The environment variable naming the shots to take (comma-separated); all when it is not set. */
  onlyVariable: string;
  /** Waits once a page is ready, before every picture (images loaded, the snackbar gone). */
  settle?(page: Page): Promise<void>;
  /** The full phone page cut in slices of 1000 px under parts/ (at most this many a page); none when absent. */
  phoneSlices?: number;
}

/** Takes shots into one folder: `shoot(baseURL, shot)` takes a page in every language and on every screen. */
export function camera(browser: Browser, options: CameraOptions) {
  const out = path.join(REPO_ROOT, 'screenshots', options.folder);
  mkdirSync(options.phoneSlices ? path.join(out, 'parts') : out, { recursive: true });
  const only = process.env[options.onlyVariable]
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);

  // SHOT_VIEWPORTS=phone,laptop-1280 takes every shot at those sizes only (names of the two lists above).
  const sizes = process.env.SHOT_VIEWPORTS?.split(',').map((name) => [...LAPTOP_WIDTH_VIEWPORTS, ...SCREENSHOT_VIEWPORTS].find((v) => v.name === name.trim())!);

  return async function shoot(baseURL: string, shot: Shot): Promise<void> {
    if (only && !only.includes(shot.name)) return;
    for (const viewport of sizes ?? shot.viewports ?? SCREENSHOT_VIEWPORTS) {
      for (const language of SCREENSHOT_LANGUAGES) {
        const phone = viewport.name === 'phone';
        const context = await browser.newContext({
          baseURL,
          viewport: { width: viewport.width, height: viewport.height },
          deviceScaleFactor: 1,
          isMobile: phone,
          hasTouch: phone,
          userAgent: phone ? PHONE_USER_AGENT : undefined,
        });
        await context.addCookies([{ name: 'lang', value: language, url: baseURL }, ...(shot.cookies ?? [])]);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        await shot.open(page, { language, viewport, phone });
        await options.settle?.(page);
        const file = path.join(out, `${shot.name}-${language}-${viewport.name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        if (phone && options.phoneSlices) {
          // The full phone page is very tall; slices of it are easier to review.
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let y = 0, part = 1; y < height && part <= options.phoneSlices; y += 1000, part++) {
            await page.screenshot({
              path: path.join(out, 'parts', `${shot.name}-${language}-${viewport.name}-${part}.png`),
              fullPage: true,
              clip: { x: 0, y, width: viewport.width, height: Math.min(1000, height - y) },
            });
          }
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        console.log(
          `${path.relative(REPO_ROOT, file)}${overflow > 0 ? `  (horizontal overflow: ${overflow}px)` : ''}${errors.length ? `  errors: ${errors.join(' | ')}` : ''}`,
        );
        await context.close();
      }
    }
  };
}

/** Launches Chromium, runs `take` with a way to start built servers, then closes the browser and stops every server, whatever happened. */
export async function withScreenshots(take: (tools: { browser: Browser; startServer: typeof startServer }) => Promise<void>): Promise<void> {
  const browser = await launchBrowser();
  const servers: TestServer[] = [];
  try {
    await take({
      browser,
      startServer: async (...args) => {
        const server = await startServer(...args);
        servers.push(server);
        return server;
      },
    });
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}

/** Opens `pathname` and waits for the app to hydrate and, when given, for the `ready` selector. */
export async function openHydrated(page: Page, pathname: string, ready?: string): Promise<void> {
  await page.goto(pathname);
  await waitForHydration(page);
  if (ready) await page.waitForSelector(ready, { timeout: 15_000 });
}

/** A page of the seller portal or the admin console. */
export interface PortalShot {
  name: string;
  path: string;
  /** Signed in through the portal's login form; signed out when absent. */
  login?: { email: string; password: string };
  /** Waits until the page shows what the picture is about. */
  ready(page: Page): Promise<void>;
  viewports?: readonly ScreenshotViewport[];
}

export function portalShot(shot: PortalShot): Shot {
  return {
    name: shot.name,
    ...(shot.viewports ? { viewports: shot.viewports } : {}),
    async open(page) {
      if (shot.login) await loginInPortal(page, shot.path, shot.login.email, shot.login.password);
      else await openHydrated(page, shot.path);
      await shot.ready(page);
    },
  };
}

/** The portals' settle: the snackbar of the login (if any) gone. */
export async function snackbarGone(page: Page): Promise<void> {
  await page
    .getByTestId('snackbar')
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** Waits until the images at `selector` are there and loaded (uploads come through the portal token). */
export function imagesLoaded(page: Page, selector: string) {
  return page.waitForFunction(
    (sel) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(sel)];
      return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
    },
    selector,
    { timeout: 15_000 },
  );
}
