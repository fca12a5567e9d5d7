/**
 * Helpers of the seller-portal and admin-console tests (e2e/portal*.test.ts, e2e/admin*.test.ts):
 * accounts and companies made over the API, files made in Node, and the portals' login forms.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { waitForHydration } from './support/browser.js';

/** The demo accounts seeded into the empty database (apps/server/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'Tessera-demo-2026';
export const DEMO_ADMIN = 'admin@tessera.test';
export const DEMO_SELLER = 'seller@tessera.test';

export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;
export const uniqueEmail = (prefix: string) => `${unique(prefix)}@example.test`;

/** A national mobile number nobody else in the run has (9 digits). */
export const uniquePhone = () => `5${String(randomBytes(4).readUInt32BE(0)).padStart(10, '0').slice(-8)}`;

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** A JSON call to the API with an optional access token, as the web client makes it. */
export async function api<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData; language?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { language: options.language ?? 'en', platform: '3', currencycode: 'EUR', currencysymbol: '%E2%82%AC', ...options.headers };
  if (options.token) headers.authorization = options.token;
  let body: string | FormData | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

type Session = { data: { token: { accessToken: string }; user: { id: string } } };

/** Logs in over the API: 'customer' (buyers), 'seller' or 'admin'. Answers the access token. */
export async function loginApi(baseUrl: string, portal: 'customer' | 'seller' | 'admin', email: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = await api<Session>(baseUrl, 'POST', `/v1/${portal}/login`, { body: { email, password } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token.accessToken;
}

/** A PNG drawn in Node (sharp): a square of one colour. */
export async function pngImage(size = 600, colour = '#c2643b'): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The smallest well-formed PDF: enough for the upload check (magic bytes) and a viewer. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface Applicant {
  email: string;
  token: string;
  companyName: string;
  registrationNumber: string;
}

/**
 * A buyer who signs up (POST /v1/customer/signup) and registers a company (multipart POST
 * /v1/customer/company) with a PNG logo and a document (a PDF unless `documentAsImage`).
 */
export async function buyerWithCompany(
  baseUrl: string,
  options: { role: 'retailer' | 'distributor'; companyName: string; documentAsImage?: boolean },
): Promise<Applicant> {
  const email = uniqueEmail('buyer');
  const phone = uniquePhone();
  const signup = await api<Session>(baseUrl, 'POST', '/v1/customer/signup', {
    body: {
      firstName: 'Rana',
      lastName: 'Saleh',
      email,
      countryCode: '+971',
      phone,
      password: 'Buyer-pass-2026',
      confirmPassword: 'Buyer-pass-2026',
    },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(200);
  const token = signup.body.data.token.accessToken;
  const registrationNumber = `CR-${randomBytes(4).toString('hex').toUpperCase()}`;
  const form = new FormData();
  const fields: Record<string, string> = {
    role: options.role,
    companyName: options.companyName,
    registrationNumber,
    registrationExpiry: '2031-06-30',
    headOfficeNumber: '+971 4 123 4567',
    officeNumber: '+971 4 765 4321',
    headquartersAddress: 'Office 1204, Al Wasl Tower, Sheikh Zayed Road, Dubai',
    website: 'https://example.test',
    countries: JSON.stringify(['AE', 'OM']),
    cities: JSON.stringify(['Dubai', 'Muscat']),
    contactName: 'Rana Saleh',
    contactMobile: '+971 50 123 4567',
    contactEmail: email,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('logo', new Blob([new Uint8Array(await pngImage(256, '#2f5d46'))], { type: 'image/png' }), 'logo.png');
  if (options.documentAsImage) form.append('document', new Blob([new Uint8Array(await pngImage(400, '#d9a441'))], { type: 'image/png' }), 'registration.png');
  else form.append('document', new Blob([new Uint8Array(SMALL_PDF)], { type: 'application/pdf' }), 'registration.pdf');
  const registered = await api(baseUrl, 'POST', '/v1/customer/company', { token, form });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return { email, token, companyName: options.companyName, registrationNumber };
}

export interface Profile {
  approvalStatus: string;
  approvalMessage: string | null;
  canCheckout: boolean;
  company: { status: string; rejectionReason: string | null } | null;
}

export async function buyerProfile(baseUrl: string, token: string): Promise<Profile> {
  const answer = await api<{ data: Profile }>(baseUrl, 'GET', '/v1/customer/profile', { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

export interface OutboxMessage {
  id: string;
  recipient: string;
  template: string;
  subject: string;
  body: string;
  createdAt: number;
}

/**
 * The messages to one recipient, newest first, as the recipient got them (codes and links whole:
 * the test servers run with DEV_MAILBOX=true; the admin console's outbox hides them).
 */
export async function mailboxFor(baseUrl: string, recipient: string): Promise<OutboxMessage[]> {
  const answer = await api<{ data: { items: OutboxMessage[] } }>(baseUrl, 'GET', `/v1/dev/mailbox?recipient=${encodeURIComponent(recipient)}&limit=50`);
  expect(answer.status).toBe(200);
  return answer.body.data.items;
}

/** The first link of a message body that goes to `path` on the site. */
export function linkIn(message: OutboxMessage, path: string): string {
  const link = message.body.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`No link to ${path} in: ${message.body}`);
  return link;
}

/** Logs in through a portal's login form (shown on any of its pages while signed out). */
export async function loginInPortal(page: Page, path: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  const form = page.getByTestId('portal-login');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await form.waitFor({ state: 'detached', timeout: 15_000 });
}

/** The snackbar's text once it shows `text` (or any text when none is given). */
export async function snackbarText(page: Page, text?: string | RegExp): Promise<string> {
  const snackbar = page.getByTestId('snackbar');
  if (text) await snackbar.filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
  else await snackbar.first().waitFor({ timeout: 15_000 });
  return (await snackbar.first().innerText()).trim();
}

/** Whether an <img> has loaded from an object URL (the uploads are fetched with the portal token). */
export async function imageLoaded(page: Page, selector: string): Promise<{ src: string; width: number; height: number }> {
  const image = page.locator(selector).first();
  await image.waitFor({ timeout: 15_000 });
  await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await image.elementHandle(), {
    timeout: 15_000,
  });
  return image.evaluate((el) => ({
    src: (el as HTMLImageElement).src,
    width: (el as HTMLImageElement).naturalWidth,
    height: (el as HTMLImageElement).naturalHeight,
  }));
}

/** Sets the language cookie before the first page load (the server renders in it). */
export async function useLanguage(context: BrowserContext, baseUrl: string, language: string): Promise<void> {
  await context.addCookies([{ name: 'lang', value: language, url: baseUrl }]);
}

/** A cookie's value in a browser context. */
export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === name)?.value;
}
