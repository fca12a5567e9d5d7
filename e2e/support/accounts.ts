import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server.js';
import { signInGuest } from './api.js';

/**
 * Helpers of the accounts end-to-end tests: the store team's side through the admin API (the test
 * servers seed the demo accounts into their empty database), the outbox where the embedded mode
 * keeps every e-mail and SMS, and sample files.
 */

export const DEMO_ADMIN = { email: 'admin@tessera.test', password: 'Tessera-demo-2026' };

const JSON_HEADERS = { 'content-type': 'application/json', language: 'en', platform: '3' };

let counter = 0;
/** A value no other test run has used (e-mails, phones, registration numbers). */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

/** A Malaysian mobile number (9 digits after +60) that is new on this server. */
export function uniquePhone(): string {
  return `1${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
}

export async function adminToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/admin/login`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(DEMO_ADMIN) });
  if (response.status !== 200) throw new Error(`admin login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { token: { accessToken: string } } }).data.token.accessToken;
}

async function adminGet<T>(baseUrl: string, token: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { ...JSON_HEADERS, authorization: token } });
  if (response.status !== 200) throw new Error(`GET ${pathAndQuery} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

interface OutboxItem {
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  template: string;
  subject: string;
  body: string;
  createdAt: number;
}

/**
 * Waits for the newest message to a recipient that matches, as the recipient got it (codes and
 * links whole: the test servers run with DEV_MAILBOX=true), and answers it.
 */
export async function waitForMailbox(
  baseUrl: string,
  filter: { channel: 'email' | 'sms'; recipient: string; template: string; after?: number },
  timeoutMs = 10_000,
): Promise<OutboxItem> {
  const query = new URLSearchParams({ recipient: filter.recipient, template: filter.template, limit: '20' });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${baseUrl}/v1/dev/mailbox?${query}`, { headers: JSON_HEADERS });
    if (response.status !== 200) throw new Error(`GET /v1/dev/mailbox answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as { data: { items: OutboxItem[] } };
    const found = page.data.items.find((item) => item.channel === filter.channel && item.createdAt >= (filter.after ?? 0));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No ${filter.template} ${filter.channel} to ${filter.recipient} in the mailbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The store team approves (or rejects) the pending company of an applicant, found by e-mail. */
export async function reviewCompany(baseUrl: string, token: string, applicantEmail: string, decision: { decision: 'approve' } | { decision: 'reject'; reason: string }): Promise<void> {
  const queue = await adminGet<{ data: { items: { id: string; applicant: { email: string | null } }[] } }>(baseUrl, token, '/v1/admin/companies?status=pending&limit=100');
  const company = queue.data.items.find((item) => item.applicant.email === applicantEmail);
  if (!company) throw new Error(`No pending company for ${applicantEmail}`);
  const response = await fetch(`${baseUrl}/v1/admin/companies/${company.id}/review`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, authorization: token },
    body: JSON.stringify(decision),
  });
  if (response.status !== 200) throw new Error(`review answered ${response.status}: ${await response.text()}`);
}

export interface BuyerDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
}

export function newBuyer(firstName = 'Amira', lastName = 'Haddad'): BuyerDetails {
  const id = unique();
  return { firstName, lastName, email: `buyer-${id}@example.com`, phone: uniquePhone(), password: `Linen-${id}-9` };
}

export interface BuyerSession {
  token: { accessToken: string; refreshToken: string; accessExpireAt: number };
  sessionId: string;
  user: { id: string };
}

/** A buyer created through the public API, as a guest signing up would (for tests about logging in). */
export async function signUpBuyerByApi(baseUrl: string, buyer: BuyerDetails, language = 'en'): Promise<BuyerSession> {
  const guest = await signInGuest(baseUrl);
  const response = await fetch(`${baseUrl}/v1/customer/signup`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, language, authorization: guest.accessToken },
    body: JSON.stringify({ ...buyer, countryCode: '+60', confirmPassword: buyer.password, language }),
  });
  if (response.status !== 200) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: BuyerSession }).data;
}

/** The cookies the web app keeps for a signed-in buyer (what the login page stores). */
export function buyerCookies(url: string, session: BuyerSession): { name: string; value: string; url: string }[] {
  return Object.entries({
    token: session.token.accessToken,
    refreshToken: session.token.refreshToken,
    accessExpireAt: String(session.token.accessExpireAt),
    sid: session.sessionId,
    userType: '2',
    uid: session.user.id,
    authPass: '1',
  }).map(([name, value]) => ({ name, value, url }));
}

/** Registers a company for a buyer through the API (multipart, as the form sends it). */
export async function registerCompanyByApi(baseUrl: string, session: BuyerSession, fields: Record<string, string>): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('logo', new Blob([new Uint8Array(LOGO_PNG)], { type: 'image/png' }), 'logo.png');
  form.append('document', new Blob([new Uint8Array(DOCUMENT_PDF)], { type: 'application/pdf' }), 'registration.pdf');
  const response = await fetch(`${baseUrl}/v1/customer/company`, { method: 'POST', headers: { language: 'en', platform: '3', authorization: session.token.accessToken }, body: form });
  if (response.status !== 200) throw new Error(`company registration answered ${response.status}: ${await response.text()}`);
}

/** Adds an address for a buyer through the API. */
export async function addAddressByApi(baseUrl: string, session: BuyerSession, address: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${baseUrl}/v1/customer/addresses`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, authorization: session.token.accessToken },
    body: JSON.stringify(address),
  });
  if (response.status !== 200) throw new Error(`address answered ${response.status}: ${await response.text()}`);
}

/** Fills the signup form (labels in `labels`, English by default) and submits it. */
export async function fillSignup(page: Page, buyer: BuyerDetails, kind: string, labels = SIGNUP_LABELS.en): Promise<void> {
  await page.getByLabel(labels.firstName, { exact: true }).fill(buyer.firstName);
  await page.getByLabel(labels.lastName, { exact: true }).fill(buyer.lastName);
  await page.getByLabel(labels.email, { exact: true }).fill(buyer.email);
  await page.getByLabel(labels.phone, { exact: true }).fill(buyer.phone);
  await page.getByLabel(labels.password, { exact: true }).fill(buyer.password);
  await page.getByLabel(labels.confirmPassword, { exact: true }).fill(buyer.password);
  await page.getByRole('radio', { name: kind }).check();
  await page.getByRole('button', { name: labels.submit }).click();
}

export const SIGNUP_LABELS = {
  en: { firstName: 'First name', lastName: 'Last name', email: 'Email', phone: 'Mobile number', password: 'Password', confirmPassword: 'Confirm password', submit: 'Create account' },
  ar: { firstName: 'الاسم الأول', lastName: 'اسم العائلة', email: 'البريد الإلكتروني', phone: 'رقم الجوال', password: 'كلمة المرور', confirmPassword: 'تأكيد كلمة المرور', submit: 'إنشاء الحساب' },
};

/** A real PNG (the app's own icon) and a real one-page PDF. */
export const LOGO_PNG = readFileSync(path.join(REPO_ROOT, 'apps', 'web', 'public', 'icons', 'icon-192.png'));
export const DOCUMENT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
/** Not an image, whatever its name says. */
export const TEXT_AS_PNG = Buffer.from('Quarterly notes: not an image at all.\n', 'utf8');

/** The company registration fields, with the labels of a language. */
export const COMPANY_LABELS = {
  en: {
    companyName: 'Company name',
    registrationNumber: 'Commercial registration number',
    expiry: { day: 'Day', month: 'Month', year: 'Year' },
    headOfficeNumber: 'Head office number',
    headquartersAddress: 'Headquarters address',
    countriesFilter: 'Find a country',
    country: 'Malaysia',
    cities: 'Cities of operation',
    submit: 'Submit for approval',
  },
  ar: {
    companyName: 'اسم الشركة',
    registrationNumber: 'رقم السجل التجاري',
    expiry: { day: 'اليوم', month: 'الشهر', year: 'السنة' },
    headOfficeNumber: 'رقم المكتب الرئيسي',
    headquartersAddress: 'عنوان المقر الرئيسي',
    countriesFilter: 'ابحث عن دولة',
    country: 'ماليزيا',
    cities: 'مدن العمل',
    submit: 'أرسل للموافقة',
  },
};

/** Fills every company field but the files and the cities (the tests vary those). */
export async function fillCompanyBasics(page: Page, labels = COMPANY_LABELS.en): Promise<string> {
  const registrationNumber = `CR-${unique().toUpperCase()}`;
  await page.getByLabel(labels.companyName, { exact: true }).fill('Ceramica Norte Trading');
  await page.getByLabel(labels.registrationNumber, { exact: true }).fill(registrationNumber);
  await page.getByRole('combobox', { name: labels.expiry.day, exact: true }).selectOption('30');
  await page.getByRole('combobox', { name: labels.expiry.month, exact: true }).selectOption('06');
  await page.getByRole('combobox', { name: labels.expiry.year, exact: true }).selectOption('2031');
  await page.getByLabel(labels.headOfficeNumber, { exact: true }).fill('+60 3 1234 5678');
  await page.getByLabel(labels.headquartersAddress, { exact: true }).fill('12 Jalan Tukang, 50450 Kuala Lumpur');
  await page.getByLabel(labels.countriesFilter).fill(labels.country.slice(0, 4));
  await page.getByRole('checkbox', { name: labels.country, exact: true }).check();
  return registrationNumber;
}

/** The inline error shown beside a field (FieldError marks it with data-field-error). */
export function fieldError(page: Page, name: string) {
  return page.locator(`[data-field-error="${name}"]`);
}
