import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll } from 'vitest';
import type { TeamRole } from '@tessera/contracts';
import type { NotificationItem } from '../modules/notifications/notifications.service.js';
import type { TemplateName } from '../modules/notifications/notifications.templates.js';
import { createTestApp, type TestApp } from './app.js';

/**
 * Helpers for the accounts integration tests: an app with its own upload directory and a sign-in
 * rate limit that many logins in one file do not reach, users with passwords, HTTP login, multipart
 * bodies and small real files.
 */

export const PASSWORD = 'Correct-horse-42';

/** An app on a fresh database whose uploads go to a temporary directory removed after the file. */
export async function createAccountsTestApp(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-accounts-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { ...(await createTestApp({ signInRateLimitPerMinute: 1000, dataDir, ...overrides })), dataDir };
}

/** The files in the local file store of an app made by createAccountsTestApp. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(root, entry)).isFile());
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${randomBytes(3).toString('hex')}`;

/** An e-mail address no other test uses. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${unique()}@example.com`;

/** A national mobile number (9 digits) no other test uses. */
export function uniquePhone(): string {
  sequence++;
  return `5${String((Date.now() * 7 + sequence * 7919 + randomBytes(2).readUInt16BE(0)) % 100_000_000).padStart(8, '0')}`;
}

/** A valid signup body; override any field. */
export function signupPayload(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Amira',
    lastName: 'Haddad',
    email: uniqueEmail('buyer'),
    countryCode: '+971',
    phone: uniquePhone(),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  countryCode: string;
  phone: string;
}

/** A buyer, seller or store-team account with a password, created through the accounts service. */
export async function createUser(
  app: FastifyInstance,
  options: { type?: 'buyer' | 'seller' | 'team'; teamRole?: TeamRole; email?: string; password?: string; language?: 'en' | 'es' | 'ar' | 'ms' } = {},
): Promise<TestUser> {
  const type = options.type ?? 'buyer';
  const email = options.email ?? uniqueEmail(type);
  const password = options.password ?? PASSWORD;
  const countryCode = '+60';
  const phone = uniquePhone();
  const userId = await app.services.accounts.createAccount({
    type,
    email,
    firstName: 'Test',
    lastName: type === 'team' ? 'Member' : 'User',
    countryCode,
    phone,
    password,
    ...(options.language ? { language: options.language } : {}),
    ...(type === 'team' ? { teamRole: options.teamRole ?? 'owner' } : {}),
  });
  return { userId, email, password, countryCode, phone };
}

export const BUYER_LOGIN = '/v1/customer/login';
export const TEAM_LOGIN = '/v1/admin/login';

/** Logs in through HTTP and answers the access token (fails the test when login fails). */
export async function login(app: FastifyInstance, credentials: { email: string; password: string }, url = BUYER_LOGIN): Promise<string> {
  const response = await app.inject({ method: 'POST', url, payload: { email: credentials.email, password: credentials.password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { token: { accessToken: string } } }).data.token.accessToken;
}

/** A buyer (or team member, seller) created with a password and logged in through HTTP. */
export async function signedInUser(app: FastifyInstance, options: Parameters<typeof createUser>[1] = {}): Promise<TestUser & { token: string }> {
  const user = await createUser(app, options);
  const url = options.type === 'team' ? TEAM_LOGIN : options.type === 'seller' ? '/v1/seller/login' : BUYER_LOGIN;
  return { ...user, token: await login(app, user, url) };
}

export const authHeaders = (token: string, language?: string): Record<string, string> => ({ authorization: token, ...(language ? { language } : {}) });

// Multipart

export interface FilePart {
  field: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body of text fields and files, with the matching content-type header. */
export function multipartBody(fields: Record<string, string>, files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tessera${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// Small real files

/** A real 8×8 PNG. */
export const pngBytes = (): Promise<Buffer> => sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).png().toBuffer();

/** A real 8×8 JPEG. */
export const jpegBytes = (): Promise<Buffer> => sharp({ create: { width: 8, height: 8, channels: 3, background: '#2e7d32' } }).jpeg().toBuffer();

/** A minimal one-page PDF. */
export function pdfBytes(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

/** Plain text, as in a "logo.png" that is really notes renamed. */
export const textBytes = (): Buffer => Buffer.from('Quarterly notes: not an image at all.\n', 'utf8');

// Outbox

/**
 * The newest message of a template to a recipient as the recipient got it (codes and links whole),
 * waiting for it when it is sent after the answer (the forgot-password route does not await its
 * e-mail). `newerThan` skips older messages.
 */
export async function waitForMessage(
  app: FastifyInstance,
  options: { recipient: string; template: TemplateName; newerThan?: string | undefined },
): Promise<NotificationItem> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const [item] = await app.services.notifications.mailbox({ recipient: options.recipient, template: options.template, limit: 1 });
    if (item && item.id !== options.newerThan && (!options.newerThan || item.id > options.newerThan)) return item;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no ${options.template} message to ${options.recipient} in the outbox`);
}

/** The error body of a refused request. */
export function errorOf(response: LightMyRequestResponse): { code: string; message: string; field?: string } {
  return response.json() as { code: string; message: string; field?: string };
}
