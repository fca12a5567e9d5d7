import { describe, expect, it } from 'vitest';
import { signInGuest } from '../../test/app.js';
import {
  BUYER_LOGIN,
  PASSWORD,
  TEAM_LOGIN,
  authHeaders,
  createAccountsTestApp,
  createUser,
  errorOf,
  signupPayload,
  uniqueEmail,
  uniquePhone,
} from '../../test/accounts.js';

// A high sign-in rate limit: this file logs in far more often than one person would in a minute.
const { app, database } = await createAccountsTestApp();
const db = database.db.kysely;

const signup = (payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: '/v1/customer/signup', headers, payload });
const loginRequest = (payload: object, headers: Record<string, string> = {}, url = BUYER_LOGIN) => app.inject({ method: 'POST', url, headers, payload });
const profileOf = (token: string) => app.inject({ method: 'GET', url: '/v1/customer/profile', headers: authHeaders(token) });
const configWith = (token: string) => app.inject({ method: 'GET', url: '/v1/config', headers: authHeaders(token) });

const usersWithEmail = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

/** The seed's (§5, §8) messages and ours, as each language writes them. */
const TEXTS = {
  ENTER_VALID_NAME: { en: 'Enter Valid Name', es: 'Introduce un nombre válido', ar: 'أدخل اسمًا صحيحًا', ms: 'Masukkan Nama Yang Sah' },
  ENTER_VALID_EMAIL: {
    en: 'Enter Valid Email',
    es: 'Introduce un correo electrónico válido',
    ar: 'أدخل بريدًا إلكترونيًا صحيحًا',
    ms: 'Masukkan E-mel Yang Sah',
  },
  EMAIL_NOT_REGISTERED: {
    en: 'email not registered, please register or try a different email',
    es: 'correo electrónico no registrado, regístrate o prueba con otro correo',
    ar: 'البريد الإلكتروني غير مسجل، يرجى التسجيل أو تجربة بريد آخر',
    ms: 'e-mel tidak berdaftar, sila daftar atau cuba e-mel lain',
  },
  MOBILE_NOT_REGISTERED: {
    en: 'mobile number not registered, please register or try a different number',
    es: 'número de móvil no registrado, regístrate o prueba con otro número',
    ar: 'رقم الجوال غير مسجل، يرجى التسجيل أو تجربة رقم آخر',
    ms: 'nombor telefon bimbit tidak berdaftar, sila daftar atau cuba nombor lain',
  },
  ACCOUNT_NOT_RECOGNISED: {
    en: 'account could not be recognised, sign up with a new account',
    es: 'no se pudo reconocer la cuenta, regístrate con una cuenta nueva',
    ar: 'تعذر التعرف على الحساب، أنشئ حسابًا جديدًا',
    ms: 'akaun tidak dapat dikenal pasti, daftar dengan akaun baharu',
  },
} as const;
const LANGUAGES = ['en', 'es', 'ar', 'ms'] as const;

describe('POST /v1/customer/signup', () => {
  it('opens a session: data.token has the access token, refresh token and expiry, data.user the profile', async () => {
    const payload = signupPayload({ firstName: 'Lucía', lastName: "O'Neil-Ortega" });
    const before = Date.now();
    const response = await signup(payload);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.token.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.token.refreshToken).toMatch(/^[\w-]{40,}$/);
    expect(data.token.accessExpireAt).toBeGreaterThan(before);
    expect(data.user).toMatchObject({
      userType: 'buyer',
      firstName: 'Lucía',
      lastName: "O'Neil-Ortega",
      name: "Lucía O'Neil-Ortega",
      email: payload.email,
      countryCode: '+971',
      phone: payload.phone,
      phoneVerified: false,
      approvalStatus: 'none',
      approvalMessage: null,
      canCheckout: true,
      company: null,
      institution: null,
    });
    // The token is a buyer's: the profile answers with the same account.
    const profile = await profileOf(data.token.accessToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.id).toBe(data.user.id);
  });

  it('keeps the e-mail in lower case, so that the same address logs in however it is typed', async () => {
    const email = uniqueEmail('Mixed').toUpperCase();
    const response = await signup(signupPayload({ email: `  ${email} ` }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.email).toBe(email.toLowerCase());
    expect((await loginRequest({ email, password: PASSWORD })).statusCode).toBe(200);
  });

  it("turns the guest who signs up into the buyer (same user id) and ends the guest's session", async () => {
    const guest = await signInGuest(app);
    const response = await signup(signupPayload(), authHeaders(guest.token.accessToken));
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.user.id).toBe(guest.userId);
    expect(data.user.userType).toBe('buyer');
    const rows = await db.selectFrom('users').select(['id', 'type']).where('id', '=', guest.userId).execute();
    expect(rows).toEqual([{ id: guest.userId, type: 'buyer' }]);
    // The guest token no longer works; the new one does.
    expect((await configWith(guest.token.accessToken)).statusCode).toBe(401);
    const refreshed = await app.inject({ method: 'POST', url: '/v1/generateToken', payload: { refToken: guest.token.refreshToken, accessToken: guest.token.accessToken } });
    expect(refreshed.statusCode).toBe(401);
    expect((await profileOf(data.token.accessToken)).statusCode).toBe(200);
  });

  it('refuses a guest whose e-mail is taken, and the guest stays a guest with a working session', async () => {
    const existing = await createUser(app);
    const guest = await signInGuest(app);
    const response = await signup(signupPayload({ email: existing.email }), authHeaders(guest.token.accessToken));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
    const row = await db.selectFrom('users').select(['type', 'email']).where('id', '=', guest.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ type: 'guest', email: null });
    expect((await configWith(guest.token.accessToken)).statusCode).toBe(200);
  });

  it.each([
    ['a first name of digits', { firstName: '123' }, 'firstName'],
    ['a first name with markup', { firstName: '<script>' }, 'firstName'],
    ['an empty first name', { firstName: '   ' }, 'firstName'],
    ['a last name of digits', { lastName: '42' }, 'lastName'],
  ])("answers 'Enter Valid Name' to %s", async (_case, override, field) => {
    const payload = signupPayload(override);
    const response = await signup(payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: 'Enter Valid Name', field });
    expect(await usersWithEmail(payload.email)).toBe(0);
  });

  it.each(['not-an-email', 'a@b', 'two@@example.com', ''])("answers 'Enter Valid Email' to %j", async (email) => {
    const response = await signup(signupPayload({ email }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: 'Enter Valid Email', field: 'email' });
  });

  it.each(LANGUAGES)("translates 'Enter Valid Name' and 'Enter Valid Email' (%s)", async (language) => {
    const name = await signup(signupPayload({ firstName: '123' }), { language });
    expect(errorOf(name).message).toBe(TEXTS.ENTER_VALID_NAME[language]);
    const email = await signup(signupPayload({ email: 'nope' }), { language });
    expect(errorOf(email).message).toBe(TEXTS.ENTER_VALID_EMAIL[language]);
  });

  it.each([
    ['letters in the number', { phone: '12ab34567' }, 'phone'],
    ['a number too short', { phone: '123' }, 'phone'],
    ['a country code without +', { countryCode: '971' }, 'countryCode'],
  ])('refuses a phone with %s', async (_case, override, field) => {
    const response = await signup(signupPayload(override));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: 'Enter Valid Mobile Number', field });
  });

  it.each(['short1', 'onlyletters', '12345678'])('refuses the weak password %j', async (password) => {
    const response = await signup(signupPayload({ password, confirmPassword: password }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: 'Use at least 8 characters with a letter and a number', field: 'password' });
  });

  it('refuses passwords that do not match', async () => {
    const payload = signupPayload({ confirmPassword: `${PASSWORD}x` });
    const response = await signup(payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: 'Passwords do not match', field: 'confirmPassword' });
    expect(await usersWithEmail(payload.email)).toBe(0);
  });

  it('refuses an e-mail that has an account (409 EMAIL_TAKEN), whatever its case', async () => {
    const existing = await createUser(app);
    for (const email of [existing.email, existing.email.toUpperCase()]) {
      const response = await signup(signupPayload({ email }));
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists. Log in instead.', field: 'email' });
    }
    expect(await usersWithEmail(existing.email)).toBe(1);
  });

  it('refuses a mobile number that has an account (409 PHONE_TAKEN)', async () => {
    const existing = await createUser(app);
    const payload = signupPayload({ countryCode: existing.countryCode, phone: existing.phone });
    const response = await signup(payload);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'PHONE_TAKEN', message: 'An account with this mobile number already exists. Log in instead.', field: 'phone' });
    expect(await usersWithEmail(payload.email)).toBe(0);
  });

  it('answers two signups with the same e-mail or number at once with one account and a 409, never a 500', async () => {
    const email = uniqueEmail('twice');
    const sameEmail = await Promise.all([signup(signupPayload({ email })), signup(signupPayload({ email }))]);
    expect(sameEmail.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(sameEmail.map((r) => (r.statusCode === 409 ? errorOf(r).code : 'ok')).sort()).toEqual(['EMAIL_TAKEN', 'ok']);
    expect(await usersWithEmail(email)).toBe(1);

    const phone = uniquePhone();
    const guest = await signInGuest(app);
    const samePhone = await Promise.all([signup(signupPayload({ phone })), signup(signupPayload({ phone }), authHeaders(guest.token.accessToken))]);
    expect(samePhone.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(samePhone.map((r) => (r.statusCode === 409 ? errorOf(r).code : 'ok')).sort()).toEqual(['PHONE_TAKEN', 'ok']);
  });

  it('refuses an unknown field', async () => {
    const response = await signup({ ...signupPayload(), userType: 'team' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION', field: 'userType' });
  });
});

describe('POST /v1/customer/login', () => {
  it('logs a buyer in by e-mail', async () => {
    const buyer = await createUser(app);
    const response = await loginRequest({ email: buyer.email, password: buyer.password });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.token).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), accessExpireAt: expect.any(Number) });
    expect(data.user).toMatchObject({ id: buyer.userId, userType: 'buyer', email: buyer.email });
    expect((await profileOf(data.token.accessToken)).json().data.id).toBe(buyer.userId);
  });

  it('logs a buyer in by mobile number (country code and number, spaces allowed)', async () => {
    const buyer = await createUser(app);
    const spaced = `${buyer.phone.slice(0, 3)} ${buyer.phone.slice(3)}`;
    const response = await loginRequest({ countryCode: buyer.countryCode, phone: spaced, password: buyer.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.id).toBe(buyer.userId);
  });

  it.each(LANGUAGES)("answers an unknown e-mail with the seed's message (%s)", async (language) => {
    const response = await loginRequest({ email: uniqueEmail('nobody'), password: PASSWORD }, { language });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'EMAIL_NOT_REGISTERED', message: TEXTS.EMAIL_NOT_REGISTERED[language], field: 'email' });
  });

  it.each(LANGUAGES)("answers an unknown mobile number with the seed's message (%s)", async (language) => {
    const response = await loginRequest({ countryCode: '+44', phone: uniquePhone(), password: PASSWORD }, { language });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'MOBILE_NOT_REGISTERED', message: TEXTS.MOBILE_NOT_REGISTERED[language], field: 'phone' });
  });

  it.each(LANGUAGES)("answers a seller's e-mail at the buyer login with 'account could not be recognised' (%s)", async (language) => {
    const seller = await createUser(app, { type: 'seller' });
    const response = await loginRequest({ email: seller.email, password: seller.password }, { language });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'ACCOUNT_NOT_RECOGNISED', message: TEXTS.ACCOUNT_NOT_RECOGNISED[language] });
  });

  it("does not let a seller's mobile number or a team member's e-mail in at the buyer login either", async () => {
    const seller = await createUser(app, { type: 'seller' });
    const byPhone = await loginRequest({ countryCode: seller.countryCode, phone: seller.phone, password: seller.password });
    expect(errorOf(byPhone).code).toBe('ACCOUNT_NOT_RECOGNISED');
    const member = await createUser(app, { type: 'team' });
    expect(errorOf(await loginRequest({ email: member.email, password: member.password })).code).toBe('ACCOUNT_NOT_RECOGNISED');
    // and a buyer is not recognised at the admin login
    const buyer = await createUser(app);
    expect(errorOf(await loginRequest({ email: buyer.email, password: buyer.password }, {}, TEAM_LOGIN)).code).toBe('ACCOUNT_NOT_RECOGNISED');
  });

  it('refuses a wrong password with 401 WRONG_PASSWORD and opens no session', async () => {
    const buyer = await createUser(app);
    const response = await loginRequest({ email: buyer.email, password: 'Wrong-password-1' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'WRONG_PASSWORD', message: 'The password is not correct.', field: 'password' });
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', buyer.userId).execute()).toEqual([]);
  });

  it('locks the account after 10 wrong passwords in a row, and refuses even the right password while locked', async () => {
    const buyer = await createUser(app);
    for (let attempt = 1; attempt <= 9; attempt++) {
      const response = await loginRequest({ email: buyer.email, password: `Wrong-password-${attempt}` });
      expect(errorOf(response).code).toBe('WRONG_PASSWORD');
    }
    const tenth = await loginRequest({ email: buyer.email, password: 'Wrong-password-10' });
    expect(tenth.statusCode).toBe(429);
    expect(errorOf(tenth)).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed attempts. Your account is locked for 15 minutes; try again later or reset your password.',
    });
    const right = await loginRequest({ email: buyer.email, password: buyer.password });
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).code).toBe('ACCOUNT_LOCKED');
    const byPhone = await loginRequest({ countryCode: buyer.countryCode, phone: buyer.phone, password: buyer.password }, { language: 'es' });
    expect(byPhone.statusCode).toBe(429);
    expect(errorOf(byPhone).message).toBe('Demasiados intentos fallidos. Tu cuenta está bloqueada 15 minutos; inténtalo más tarde o restablece tu contraseña.');
  });

  it('locks the account just the same when the wrong passwords arrive all at once', async () => {
    const buyer = await createUser(app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => loginRequest({ email: buyer.email, password: `Wrong-password-${i}` })),
    );
    expect(answers.map((a) => errorOf(a).code)).toContain('ACCOUNT_LOCKED');
    const right = await loginRequest({ email: buyer.email, password: buyer.password });
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).code).toBe('ACCOUNT_LOCKED');
  });

  it('counts only wrong passwords in a row: a successful login starts the count again', async () => {
    const buyer = await createUser(app);
    for (let attempt = 1; attempt <= 9; attempt++) await loginRequest({ email: buyer.email, password: `Wrong-password-${attempt}` });
    expect((await loginRequest({ email: buyer.email, password: buyer.password })).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect(errorOf(await loginRequest({ email: buyer.email, password: `Wrong-password-${attempt}` })).code).toBe('WRONG_PASSWORD');
    }
    expect((await loginRequest({ email: buyer.email, password: buyer.password })).statusCode).toBe(200);
  });

  it("hands a guest's data to the account through the guest-merge handlers, and ends the guest session", async () => {
    const calls: Array<{ guestId: string; userId: string; sawGuest: boolean }> = [];
    app.services.accounts.onGuestMerge(async ({ guestId, userId, trx }) => {
      // The handler runs inside the login's transaction and sees both rows.
      const rows = await trx.selectFrom('users').select(['id', 'type']).where('id', 'in', [guestId, userId]).execute();
      calls.push({ guestId, userId, sawGuest: rows.some((row) => row.id === guestId && row.type === 'guest') && rows.length === 2 });
    });
    const buyer = await createUser(app);
    const guest = await signInGuest(app);
    const response = await loginRequest({ email: buyer.email, password: buyer.password }, authHeaders(guest.token.accessToken));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.id).toBe(buyer.userId);
    expect(calls).toEqual([{ guestId: guest.userId, userId: buyer.userId, sawGuest: true }]);
    expect((await configWith(guest.token.accessToken)).statusCode).toBe(401);

    // No guest token, or a token that is not a guest's: nothing to merge.
    const own = response.json().data.token.accessToken as string;
    expect((await loginRequest({ email: buyer.email, password: buyer.password })).statusCode).toBe(200);
    expect((await loginRequest({ email: buyer.email, password: buyer.password }, authHeaders(own))).statusCode).toBe(200);
    expect(calls).toHaveLength(1);
    expect((await profileOf(own)).statusCode).toBe(200);
  });

  it('does not merge or end the guest session when the login fails', async () => {
    const buyer = await createUser(app);
    const guest = await signInGuest(app);
    const response = await loginRequest({ email: buyer.email, password: 'Wrong-password-1' }, authHeaders(guest.token.accessToken));
    expect(response.statusCode).toBe(401);
    expect((await configWith(guest.token.accessToken)).statusCode).toBe(200);
  });
});

describe('an incomplete login', () => {
  it.each([
    [{ email: 'someone@example.com' }, 'password', 'This field is required'],
    [{ password: 'Whatever-1' }, 'email', 'Enter Valid Email'],
    [{ countryCode: '+60', password: 'Whatever-1' }, 'phone', 'Enter Valid Mobile Number'],
    [{ phone: '123456789', password: 'Whatever-1' }, 'countryCode', 'Enter Valid Mobile Number'],
  ])('%o names the missing field', async (payload, field, message) => {
    const response = await loginRequest(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field, message });
  });
});
