import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guestPayload } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { signupPayload } from '../../test/accounts.js';
import { startServer as startServerProcess } from '../../test/server-process.js';

/**
 * No password, code or token in the log. The app's logger writes to standard output, so the app is
 * started in a process of its own (src/test/serve-api.ts: configured from the environment and built
 * by buildApp as `src/main.ts` does, without the web pages, whose build this test does not need), at the most
 * verbose log level; it is driven over HTTP through every flow that handles a secret, and then its
 * whole output is searched for them.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-logs-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// On PostgreSQL the server gets its own fresh database; on SQLite its own file under dataDir.
const database = process.env.TEST_DIALECT === 'postgres' ? await createTestDatabase() : undefined;
afterAll(async () => database?.drop());

function startServer() {
  return startServerProcess({
    env: {
      LOG_LEVEL: 'trace',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SIGNIN_RATE_LIMIT: '1000',
      // The recipients' copies of the codes and links: the console's outbox hides them.
      DEV_MAILBOX: 'true',
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    },
  });
}

describe('the server log', () => {
  it('never shows a password, a one-time code, a reset link or a token, even at trace level', { timeout: 90_000 }, async () => {
    const server = startServer();
    const base = await server.url;
    const call = async (method: string, url: string, body?: object, token?: string) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: token } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several shapes, read field by field below
      return { status: response.status, json: (await response.json()) as { data?: any; message?: string; code?: string } };
    };
    const secrets: string[] = [];
    try {
      const admin = await call('POST', '/v1/admin/login', { email: 'admin@tessera.test', password: 'Tessera-demo-2026' });
      expect(admin.status).toBe(200);
      const adminToken = admin.json.data.token.accessToken as string;
      // What each recipient received, from the development mailbox.
      const outbox = async (recipient: string, template: string) => {
        for (let attempt = 0; attempt < 200; attempt++) {
          const page = await call('GET', `/v1/dev/mailbox?recipient=${encodeURIComponent(recipient)}&template=${template}`);
          const item = (page.json.data.items as Array<{ template: string; body: string }>).find((i) => i.template === template);
          if (item) return item.body;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error(`no ${template} to ${recipient}`);
      };

      const guest = await call('POST', '/v1/guest/signIn', guestPayload());
      secrets.push(guest.json.data.token.accessToken, guest.json.data.token.refreshToken);

      const payload = signupPayload({ password: 'Signup-secret-91', confirmPassword: 'Signup-secret-91' });
      const signedUp = await call('POST', '/v1/customer/signup', payload, guest.json.data.token.accessToken);
      expect(signedUp.status).toBe(200);
      secrets.push('Signup-secret-91', signedUp.json.data.token.accessToken, signedUp.json.data.token.refreshToken);

      expect((await call('POST', '/v1/customer/login', { email: payload.email, password: 'Wrong-secret-37' })).status).toBe(401);
      secrets.push('Wrong-secret-37');
      const loggedIn = await call('POST', '/v1/customer/login', { countryCode: payload.countryCode, phone: payload.phone, password: 'Signup-secret-91' });
      expect(loggedIn.status).toBe(200);
      const token = loggedIn.json.data.token.accessToken as string;
      secrets.push(token, loggedIn.json.data.token.refreshToken);

      expect((await call('POST', '/v1/customer/mobile/sendCode', undefined, token)).status).toBe(200);
      const code = /(?<!\d)\d{6}(?!\d)/.exec(await outbox(`${payload.countryCode}${payload.phone}`, 'mobile-verification-code'))?.[0] as string;
      const wrongCode = code === '999999' ? '000000' : String(Number(code) + 1).padStart(6, '0');
      expect((await call('POST', '/v1/customer/mobile/verify', { code: wrongCode }, token)).status).toBe(400);
      expect((await call('POST', '/v1/customer/mobile/verify', { code }, token)).status).toBe(200);

      expect((await call('POST', '/v1/password/forgot', { email: payload.email })).status).toBe(200);
      const link = /https?:\/\/\S+?\?token=[\w%-]+/.exec(await outbox(payload.email, 'password-reset'))?.[0] as string;
      const resetToken = new URL(link).searchParams.get('token') as string;
      secrets.push(resetToken, encodeURIComponent(resetToken));
      // Opening the e-mailed link: the page's URL carries the token (this app serves no pages, so 404).
      await fetch(`${base}/reset-password?token=${encodeURIComponent(resetToken)}`);
      const reset = await call('POST', '/v1/password/reset', { token: resetToken, password: 'Reset-secret-58', confirmPassword: 'Reset-secret-58' });
      expect(reset.status).toBe(200);
      secrets.push('Reset-secret-58');
      expect((await call('POST', '/v1/customer/login', { email: payload.email, password: 'Reset-secret-58' })).status).toBe(200);
      // A refresh with the (now revoked) tokens, and a malformed body carrying a password.
      await call('POST', '/v1/generateToken', { refToken: loggedIn.json.data.token.refreshToken, accessToken: token });
      await call('POST', '/v1/customer/signup', { ...payload, firstName: '123', password: 'Refused-secret-64', confirmPassword: 'Refused-secret-64' });
      secrets.push('Refused-secret-64', adminToken);

      expect(await server.stop()).toBe(0);
      const log = server.output();
      // The log did record these requests at trace level.
      expect(log).toContain('/v1/customer/signup');
      expect(log).toContain('/v1/password/reset');
      expect(log).toContain('mobile-verification-code');
      for (const secret of secrets) expect(log.includes(secret), `the log shows ${secret.slice(0, 12)}…`).toBe(false);
      expect(new RegExp(`(?<!\\d)(${code}|${wrongCode})(?!\\d)`).test(log), 'the log shows a verification code').toBe(false);
    } finally {
      await server.kill();
    }
  });
});
