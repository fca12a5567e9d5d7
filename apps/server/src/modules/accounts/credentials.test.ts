import { describe, expect, it } from 'vitest';
import { signInGuest } from '../../test/app.js';
import {
  PASSWORD,
  authHeaders,
  createAccountsTestApp,
  createUser,
  errorOf,
  login,
  signupPayload,
  uniqueEmail,
  waitForMessage,
} from '../../test/accounts.js';

const { app, database } = await createAccountsTestApp();
const db = database.db.kysely;

const post = (url: string, token?: string, payload?: object, language?: string) =>
  app.inject({ method: 'POST', url, headers: { ...(token ? { authorization: token } : {}), ...(language ? { language } : {}) }, ...(payload ? { payload } : {}) });
const sendCode = (token: string) => post('/v1/customer/mobile/sendCode', token);
const verify = (token: string, code: string) => post('/v1/customer/mobile/verify', token, { code });
const profileOf = (token: string) => app.inject({ method: 'GET', url: '/v1/customer/profile', headers: authHeaders(token) });

/** A buyer signed up through HTTP, with its token. */
async function signedUpBuyer(overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  const response = await post('/v1/customer/signup', undefined, payload);
  expect(response.statusCode).toBe(200);
  const { data } = response.json();
  return { ...payload, userId: data.user.id as string, token: data.token.accessToken as string, refreshToken: data.token.refreshToken as string };
}

/** The 6-digit code of the newest verification SMS to a number. */
async function codeSentTo(recipient: string, newerThan?: string) {
  const sms = await waitForMessage(app, { recipient, template: 'mobile-verification-code', newerThan });
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(sms.body)?.[1];
  if (!code) throw new Error(`no code in ${sms.body}`);
  return { code, sms };
}

/** Every value of a row, as text, to look for a secret in any column. */
const valuesOf = (row: object) => Object.values(row).map((value) => String(value));

describe('passwords', () => {
  it('are stored as scrypt hashes, and no column holds the password', async () => {
    const buyer = await signedUpBuyer();
    const row = await db.selectFrom('users').selectAll().where('id', '=', buyer.userId).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    for (const value of valuesOf(row)) expect(value).not.toContain(PASSWORD);
    // Two accounts with the same password get different hashes (salted).
    const other = await signedUpBuyer();
    const otherRow = await db.selectFrom('users').select('password_hash').where('id', '=', other.userId).executeTakeFirstOrThrow();
    expect(otherRow.password_hash).not.toBe(row.password_hash);
  });
});

describe('mobile verification', () => {
  it('sends a 6-digit code by SMS with a resend countdown, and the right code verifies the number', async () => {
    const buyer = await signedUpBuyer();
    const response = await sendCode(buyer.token);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    // The answer masks the number it was sent to.
    expect(data.sentTo).not.toContain(buyer.phone);
    expect(data.sentTo).toMatch(/^\+97\**\d{2}$/);
    const { code, sms } = await codeSentTo(`${buyer.countryCode}${buyer.phone}`);
    expect(sms).toMatchObject({ channel: 'sms', userId: buyer.userId, status: 'outbox' });

    expect((await profileOf(buyer.token)).json().data.phoneVerified).toBe(false);
    const verified = await verify(buyer.token, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ id: buyer.userId, phoneVerified: true });
    expect((await profileOf(buyer.token)).json().data.phoneVerified).toBe(true);
    // A code works once.
    expect(errorOf(await verify(buyer.token, code)).code).toBe('CODE_EXPIRED');
  });

  it('keeps only a keyed hash of the code', async () => {
    const buyer = await signedUpBuyer();
    await sendCode(buyer.token);
    const { code } = await codeSentTo(`${buyer.countryCode}${buyer.phone}`);
    const rows = await db.selectFrom('verification_codes').selectAll().where('user_id', '=', buyer.userId).execute();
    expect(rows).toHaveLength(1);
    for (const row of rows) {
      expect(row.code_hash).toMatch(/^[\w-]{43}$/);
      for (const value of valuesOf(row)) expect(value).not.toContain(code);
    }
  });

  it('refuses a second code at once with 429 RESEND_TOO_SOON', async () => {
    const buyer = await signedUpBuyer();
    expect((await sendCode(buyer.token)).statusCode).toBe(200);
    const again = await sendCode(buyer.token);
    expect(again.statusCode).toBe(429);
    expect(errorOf(again)).toEqual({ code: 'RESEND_TOO_SOON', message: 'Please wait before asking for another code.' });
    const sms = await app.services.notifications.list({ limit: 10, channel: 'sms', recipient: `${buyer.countryCode}${buyer.phone}` });
    expect(sms.items).toHaveLength(1);
  });

  it('answers a wrong code with CODE_INVALID, and after 5 wrong codes the right one no longer works', async () => {
    const buyer = await signedUpBuyer();
    await sendCode(buyer.token);
    const { code } = await codeSentTo(`${buyer.countryCode}${buyer.phone}`);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await verify(buyer.token, wrong);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'CODE_INVALID', message: 'That code is not correct.', field: 'code' });
    }
    const fifth = await verify(buyer.token, wrong);
    expect(errorOf(fifth)).toEqual({ code: 'CODE_EXPIRED', message: 'That code has expired or was used too many times. Ask for a new one.', field: 'code' });
    expect(errorOf(await verify(buyer.token, code)).code).toBe('CODE_EXPIRED');
    expect((await profileOf(buyer.token)).json().data.phoneVerified).toBe(false);
  });

  it('allows no more than 5 guesses when they arrive all at once', async () => {
    const buyer = await signedUpBuyer();
    await sendCode(buyer.token);
    const { code } = await codeSentTo(`${buyer.countryCode}${buyer.phone}`);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => verify(buyer.token, guess)));
    const codes = answers.map((answer) => errorOf(answer).code);
    expect(codes.filter((c) => c === 'CODE_INVALID')).toHaveLength(4);
    expect(codes.filter((c) => c === 'CODE_EXPIRED')).toHaveLength(16);
    expect(errorOf(await verify(buyer.token, code)).code).toBe('CODE_EXPIRED');
  });

  it('allows no more than 5 guesses when the service is called with them all at once', async () => {
    // Through inject the requests happen to reach the database one after another; called directly
    // they read the code row together, which is where an unguarded count lets every guess through.
    const buyer = await signedUpBuyer();
    await sendCode(buyer.token);
    const { code } = await codeSentTo(`${buyer.countryCode}${buyer.phone}`);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const settled = await Promise.allSettled(guesses.map((guess) => app.services.credentials.verifyMobileCode({ userId: buyer.userId, code: guess })));
    const codes = settled.map((result) => (result.status === 'rejected' ? (result.reason as { code: string }).code : 'verified'));
    expect(codes.filter((c) => c === 'CODE_INVALID')).toHaveLength(4);
    expect(codes.filter((c) => c === 'CODE_EXPIRED')).toHaveLength(16);
    expect(errorOf(await verify(buyer.token, code)).code).toBe('CODE_EXPIRED');
  });

  it('refuses an expired code, and a code of another account', async () => {
    const buyer = await signedUpBuyer();
    const other = await signedUpBuyer();
    await sendCode(buyer.token);
    await sendCode(other.token);
    const { code } = await codeSentTo(`${buyer.countryCode}${buyer.phone}`);
    const { code: otherCode } = await codeSentTo(`${other.countryCode}${other.phone}`);
    if (otherCode !== code) expect(errorOf(await verify(buyer.token, otherCode)).code).toBe('CODE_INVALID');
    await db.updateTable('verification_codes').set({ expires_at: Date.now() - 1 }).where('user_id', '=', buyer.userId).execute();
    expect(errorOf(await verify(buyer.token, code)).code).toBe('CODE_EXPIRED');
  });

  it('does not verify a new number with a code sent to the old one', async () => {
    const buyer = await signedUpBuyer();
    await sendCode(buyer.token);
    const { code } = await codeSentTo(`${buyer.countryCode}${buyer.phone}`);
    const changed = await app.inject({ method: 'PATCH', url: '/v1/customer/profile', headers: authHeaders(buyer.token), payload: { countryCode: '+34', phone: '612000111' } });
    expect(changed.statusCode).toBe(200);
    const response = await verify(buyer.token, code);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('CODE_EXPIRED');
    expect((await profileOf(buyer.token)).json().data).toMatchObject({ phone: '612000111', phoneVerified: false });
  });

  it('answers CODE_EXPIRED when no code was sent, and 400 to a code that is not 6 digits', async () => {
    const buyer = await signedUpBuyer();
    expect(errorOf(await verify(buyer.token, '123456')).code).toBe('CODE_EXPIRED');
    const malformed = await verify(buyer.token, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed)).toMatchObject({ code: 'VALIDATION', field: 'code' });
  });

  it('sends the SMS in the buyer’s language', async () => {
    const buyer = await signedUpBuyer({ language: 'es' });
    await sendCode(buyer.token);
    const { sms } = await codeSentTo(`${buyer.countryCode}${buyer.phone}`);
    expect(sms.language).toBe('es');
    expect(sms.body).toContain('Tu código de verificación de Tessera es');
  });

  it('is for signed-in buyers only', async () => {
    const guest = await signInGuest(app);
    expect((await sendCode(guest.token.accessToken)).statusCode).toBe(403);
    expect((await post('/v1/customer/mobile/sendCode')).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  const FORGOT_ANSWER = 'If an account uses this e-mail, a link to reset its password is on its way.';
  const forgot = (email: string, extra: object = {}) => post('/v1/password/forgot', undefined, { email, ...extra });
  const reset = (token: string, password: string, confirmPassword = password) => post('/v1/password/reset', undefined, { token, password, confirmPassword });

  async function resetTokenFor(email: string, newerThan?: string) {
    const mail = await waitForMessage(app, { recipient: email, template: 'password-reset', newerThan });
    const link = /https?:\/\/\S+?\?token=[\w%-]+/.exec(mail.body)?.[0];
    if (!link) throw new Error(`no link in ${mail.body}`);
    return { token: decodeURIComponent(new URL(link).searchParams.get('token') ?? ''), link, mail };
  }

  it('answers the same for a known and an unknown e-mail; only the known one gets a link', async () => {
    const buyer = await createUser(app);
    const unknown = uniqueEmail('nobody');
    const a = await forgot(unknown);
    const b = await forgot(buyer.email);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual({ message: FORGOT_ANSWER });
    expect(b.json()).toEqual(a.json());
    const { link, mail } = await resetTokenFor(buyer.email);
    expect(link.startsWith('http://localhost:3000/reset-password?token=')).toBe(true);
    expect(mail).toMatchObject({ channel: 'email', userId: buyer.userId });
    expect(await app.services.notifications.latestFor({ recipient: unknown, template: 'password-reset' })).toBeUndefined();
  });

  it('sets the new password with the link, ends every session, and works once', async () => {
    const buyer = await createUser(app);
    const oldToken = await login(app, buyer);
    const refreshBefore = await app.inject({ method: 'POST', url: '/v1/customer/login', payload: { email: buyer.email, password: buyer.password } });
    const oldRefresh = refreshBefore.json().data.token as { accessToken: string; refreshToken: string };
    await forgot(buyer.email);
    const { token } = await resetTokenFor(buyer.email);
    // The table keeps a hash of the token only.
    const rows = await db.selectFrom('password_resets').selectAll().where('user_id', '=', buyer.userId).execute();
    expect(rows).toHaveLength(1);
    for (const row of rows) for (const value of valuesOf(row)) expect(value).not.toContain(token);

    const newPassword = 'Brand-new-pass-7';
    const response = await reset(token, newPassword);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed. Log in with the new password.' });

    expect((await profileOf(oldToken)).statusCode).toBe(401);
    expect((await profileOf(oldRefresh.accessToken)).statusCode).toBe(401);
    const refreshed = await app.inject({ method: 'POST', url: '/v1/generateToken', payload: { refToken: oldRefresh.refreshToken, accessToken: oldRefresh.accessToken } });
    expect(refreshed.statusCode).toBe(401);

    expect(errorOf(await app.inject({ method: 'POST', url: '/v1/customer/login', payload: { email: buyer.email, password: buyer.password } })).code).toBe('WRONG_PASSWORD');
    const fresh = await login(app, { email: buyer.email, password: newPassword });
    expect((await profileOf(fresh)).statusCode).toBe(200);

    const second = await reset(token, 'Another-pass-8');
    expect(second.statusCode).toBe(400);
    expect(errorOf(second)).toEqual({ code: 'RESET_LINK_INVALID', message: 'This link has expired or was already used. Ask for a new one.', field: 'token' });
    expect((await profileOf(fresh)).statusCode).toBe(200);
  });

  it('ends every other link of the account when one of them sets the password', async () => {
    const buyer = await createUser(app);
    await forgot(buyer.email);
    const first = await resetTokenFor(buyer.email);
    await forgot(buyer.email);
    const second = await resetTokenFor(buyer.email, first.mail.id);
    expect((await reset(second.token, 'Brand-new-pass-7')).statusCode).toBe(200);
    const older = await reset(first.token, 'Attacker-pass-9');
    expect(older.statusCode).toBe(400);
    expect(errorOf(older).code).toBe('RESET_LINK_INVALID');
    expect(await login(app, { email: buyer.email, password: 'Brand-new-pass-7' })).toEqual(expect.any(String));
  });

  it('refuses a wrong or an expired token with RESET_LINK_INVALID', async () => {
    const wrong = await reset('x'.repeat(43), 'Brand-new-pass-7');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('RESET_LINK_INVALID');

    const buyer = await createUser(app);
    await forgot(buyer.email);
    const { token } = await resetTokenFor(buyer.email);
    await db.updateTable('password_resets').set({ expires_at: Date.now() - 1 }).where('user_id', '=', buyer.userId).execute();
    expect(errorOf(await reset(token, 'Brand-new-pass-7')).code).toBe('RESET_LINK_INVALID');
    expect((await app.inject({ method: 'POST', url: '/v1/customer/login', payload: { email: buyer.email, password: buyer.password } })).statusCode).toBe(200);
  });

  it('checks the new password before using the link, so a refused attempt keeps the link usable', async () => {
    const buyer = await createUser(app);
    await forgot(buyer.email);
    const { token } = await resetTokenFor(buyer.email);
    const weak = await reset(token, 'short');
    expect(errorOf(weak)).toEqual({ code: 'VALIDATION', message: 'Use at least 8 characters with a letter and a number', field: 'password' });
    const mismatch = await reset(token, 'Brand-new-pass-7', 'Brand-new-pass-8');
    expect(errorOf(mismatch)).toEqual({ code: 'VALIDATION', message: 'Passwords do not match', field: 'confirmPassword' });
    expect((await reset(token, 'Brand-new-pass-7')).statusCode).toBe(200);
  });

  it('unlocks an account locked by wrong passwords', async () => {
    const buyer = await createUser(app);
    for (let attempt = 1; attempt <= 10; attempt++) {
      await app.inject({ method: 'POST', url: '/v1/customer/login', payload: { email: buyer.email, password: `Wrong-password-${attempt}` } });
    }
    expect(errorOf(await app.inject({ method: 'POST', url: '/v1/customer/login', payload: { email: buyer.email, password: buyer.password } })).code).toBe('ACCOUNT_LOCKED');
    await forgot(buyer.email);
    const { token } = await resetTokenFor(buyer.email);
    expect((await reset(token, 'Brand-new-pass-7')).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/v1/customer/login', payload: { email: buyer.email, password: 'Brand-new-pass-7' } })).statusCode).toBe(200);
  });

  it('sends at most 3 links an hour to one account, and a newer link does not cancel an older one', async () => {
    const buyer = await createUser(app);
    const links: string[] = [];
    let previous: string | undefined;
    for (let i = 0; i < 3; i++) {
      await app.services.credentials.requestPasswordReset({ email: buyer.email, resetPath: '/reset-password' });
      const { token, mail } = await resetTokenFor(buyer.email, previous);
      previous = mail.id;
      links.push(token);
    }
    await app.services.credentials.requestPasswordReset({ email: buyer.email, resetPath: '/reset-password' });
    const mails = await app.services.notifications.list({ limit: 10, channel: 'email', recipient: buyer.email });
    expect(mails.items.filter((m) => m.template === 'password-reset')).toHaveLength(3);
    expect((await reset(links[0] as string, 'Brand-new-pass-7')).statusCode).toBe(200);
  });

  it('links to the seller portal when asked from it', async () => {
    const seller = await createUser(app, { type: 'seller' });
    await forgot(seller.email, { portal: 'seller' });
    const { link } = await resetTokenFor(seller.email);
    expect(new URL(link).pathname).toBe('/seller/reset-password');
  });

  it("answers 'Enter Valid Email' to a malformed address", async () => {
    const response = await post('/v1/password/forgot', undefined, { email: 'not-an-email' }, 'ms');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: 'Masukkan E-mel Yang Sah', field: 'email' });
  });
});
