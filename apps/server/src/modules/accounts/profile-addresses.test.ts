import { describe, expect, it } from 'vitest';
import { signInGuest } from '../../test/app.js';
import {
  authHeaders,
  createAccountsTestApp,
  createUser,
  errorOf,
  jpegBytes,
  login,
  multipartBody,
  pdfBytes,
  pngBytes,
  signedInUser,
  textBytes,
  uniqueEmail,
  uniquePhone,
  waitForMessage,
} from '../../test/accounts.js';
import { largePngImage } from '../../test/sample-files.js';

const { app, database } = await createAccountsTestApp();
const db = database.db.kysely;

const getProfile = (token?: string, language?: string) =>
  app.inject({ method: 'GET', url: '/v1/customer/profile', headers: { ...(token ? { authorization: token } : {}), ...(language ? { language } : {}) } });
const patchProfile = (token: string, payload: object, language?: string) =>
  app.inject({ method: 'PATCH', url: '/v1/customer/profile', headers: authHeaders(token, language), payload });
const uploadPicture = (token: string, file: { filename: string; data: Buffer; contentType?: string } | undefined, language?: string) => {
  const body = multipartBody({}, file ? [{ field: 'picture', ...file }] : []);
  return app.inject({ method: 'POST', url: '/v1/customer/profile/picture', headers: { ...authHeaders(token, language), ...body.headers }, payload: body.payload });
};
const uploadsOf = async (userId: string) => db.selectFrom('uploads').select('id').where('owner_user_id', '=', userId).execute();

describe('GET /v1/customer/profile', () => {
  it('answers the signed-in buyer’s profile', async () => {
    const buyer = await signedInUser(app);
    const response = await getProfile(buyer.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: buyer.userId,
      userType: 'buyer',
      email: buyer.email,
      countryCode: buyer.countryCode,
      phone: buyer.phone,
      phoneVerified: false,
      profilePic: null,
      approvalStatus: 'none',
      canCheckout: true,
    });
  });

  it('needs a token (401), and a buyer’s: a guest, a seller or a team member gets 403', async () => {
    const none = await getProfile();
    expect(none.statusCode).toBe(401);
    expect(errorOf(none).code).toBe('TOKEN_MISSING');
    const guest = await signInGuest(app);
    const asGuest = await getProfile(guest.token.accessToken);
    expect(asGuest.statusCode).toBe(403);
    expect(errorOf(asGuest)).toEqual({ code: 'FORBIDDEN', message: 'You are not allowed to do that.' });
    const seller = await signedInUser(app, { type: 'seller' });
    expect((await getProfile(seller.token)).statusCode).toBe(403);
    const member = await signedInUser(app, { type: 'team', teamRole: 'owner' });
    expect((await getProfile(member.token)).statusCode).toBe(403);
    expect((await getProfile('not-a-token')).statusCode).toBe(401);
  });
});

describe('PATCH /v1/customer/profile', () => {
  it('changes name, language and currency', async () => {
    const buyer = await signedInUser(app);
    const response = await patchProfile(buyer.token, { firstName: 'Nurul', lastName: 'Aziz', language: 'ms', currency: 'MYR' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ firstName: 'Nurul', lastName: 'Aziz', name: 'Nurul Aziz', language: 'ms', currency: 'MYR' });
    expect((await getProfile(buyer.token)).json().data).toMatchObject({ name: 'Nurul Aziz', language: 'ms', currency: 'MYR' });
  });

  it('changes the e-mail, and the new one logs in', async () => {
    const buyer = await signedInUser(app);
    const email = uniqueEmail('renamed');
    const response = await patchProfile(buyer.token, { email: email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe(email);
    expect(await login(app, { email, password: buyer.password })).toEqual(expect.any(String));
  });

  it('clears phoneVerified when the number changes, not when the same number is sent again', async () => {
    const buyer = await signedInUser(app);
    await app.inject({ method: 'POST', url: '/v1/customer/mobile/sendCode', headers: authHeaders(buyer.token) });
    const sms = await waitForMessage(app, { recipient: `${buyer.countryCode}${buyer.phone}`, template: 'mobile-verification-code' });
    const code = /(?<!\d)\d{6}(?!\d)/.exec(sms.body)?.[0] as string;
    const verified = await app.inject({ method: 'POST', url: '/v1/customer/mobile/verify', headers: authHeaders(buyer.token), payload: { code } });
    expect(verified.json().data.phoneVerified).toBe(true);

    const same = await patchProfile(buyer.token, { countryCode: buyer.countryCode, phone: buyer.phone, firstName: 'Same' });
    expect(same.json().data.phoneVerified).toBe(true);
    const phone = uniquePhone();
    const changed = await patchProfile(buyer.token, { phone });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ phone, phoneVerified: false });
    expect((await getProfile(buyer.token)).json().data.phoneVerified).toBe(false);
  });

  it('refuses an e-mail or a mobile number of another account with 409', async () => {
    const buyer = await signedInUser(app);
    const other = await createUser(app);
    const email = await patchProfile(buyer.token, { email: other.email });
    expect(email.statusCode).toBe(409);
    expect(errorOf(email)).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
    const phone = await patchProfile(buyer.token, { countryCode: other.countryCode, phone: other.phone });
    expect(phone.statusCode).toBe(409);
    expect(errorOf(phone)).toMatchObject({ code: 'PHONE_TAKEN', field: 'phone' });
    expect((await getProfile(buyer.token)).json().data).toMatchObject({ email: buyer.email, phone: buyer.phone });
    // One's own e-mail is not "taken".
    expect((await patchProfile(buyer.token, { email: buyer.email })).statusCode).toBe(200);
  });

  it.each([
    [{ firstName: '123' }, 'firstName', 'Enter Valid Name'],
    [{ email: 'nope' }, 'email', 'Enter Valid Email'],
    [{ phone: 'abc' }, 'phone', 'Enter Valid Mobile Number'],
  ])('refuses %j with the field and its message', async (payload, field, message) => {
    const buyer = await signedInUser(app);
    const response = await patchProfile(buyer.token, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message, field });
  });

  it('refuses an unknown field, and a bad language or currency, naming the field', async () => {
    const buyer = await signedInUser(app);
    for (const [payload, field] of [
      [{ buyerRole: 'distributor' }, 'buyerRole'],
      [{ language: 'fr' }, 'language'],
      [{ currency: 'euro' }, 'currency'],
    ] as const) {
      const response = await patchProfile(buyer.token, payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION', field });
    }
  });
});

describe('PATCH /v1/customer/institutionBuyer', () => {
  it("makes the buyer an institution buyer and shows the institution", async () => {
    const buyer = await signedInUser(app);
    const payload = { institutionName: 'St. Mary’s Hospital', institutionType: 'hospital', taxId: 'TX-1234', department: 'Procurement' };
    const response = await app.inject({ method: 'PATCH', url: '/v1/customer/institutionBuyer', headers: authHeaders(buyer.token), payload });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ buyerRole: 'institution', institution: payload, canCheckout: true, approvalStatus: 'none' });
    const changed = await app.inject({ method: 'PATCH', url: '/v1/customer/institutionBuyer', headers: authHeaders(buyer.token), payload: { institutionName: 'City School', institutionType: 'school' } });
    expect(changed.json().data.institution).toEqual({ institutionName: 'City School', institutionType: 'school' });
    expect((await getProfile(buyer.token)).json().data).toMatchObject({ buyerRole: 'institution', institution: { institutionName: 'City School' } });
  });

  it('refuses an unknown institution type naming the field', async () => {
    const buyer = await signedInUser(app);
    const response = await app.inject({ method: 'PATCH', url: '/v1/customer/institutionBuyer', headers: authHeaders(buyer.token), payload: { institutionName: 'City School', institutionType: 'castle' } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION', field: 'institutionType' });
    expect((await getProfile(buyer.token)).json().data).toMatchObject({ buyerRole: null, institution: null });
  });
});

describe('POST /v1/customer/profile/picture', () => {
  it('takes a PNG, and serves it re-encoded as WebP to the owner only', async () => {
    const buyer = await signedInUser(app);
    const png = await pngBytes();
    const response = await uploadPicture(buyer.token, { filename: 'me.png', data: png, contentType: 'image/png' });
    expect(response.statusCode).toBe(200);
    const url = response.json().data.profilePic as string;
    expect(url).toMatch(/^\/v1\/uploads\/[0-9a-f-]{36}$/);
    expect((await getProfile(buyer.token)).json().data.profilePic).toBe(url);

    const file = await app.inject({ method: 'GET', url, headers: authHeaders(buyer.token) });
    expect(file.statusCode).toBe(200);
    // Pictures are decoded and written anew (nothing the sender added survives): WebP, not the bytes sent.
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(file.rawPayload.equals(png)).toBe(false);

    const other = await signedInUser(app);
    expect((await app.inject({ method: 'GET', url, headers: authHeaders(other.token) })).statusCode).toBe(404);
    const member = await signedInUser(app, { type: 'team', teamRole: 'support' });
    expect((await app.inject({ method: 'GET', url, headers: authHeaders(member.token) })).statusCode).toBe(200);
  });

  it('takes a JPEG whatever its name', async () => {
    const buyer = await signedInUser(app);
    const response = await uploadPicture(buyer.token, { filename: 'photo', data: await jpegBytes() });
    expect(response.statusCode).toBe(200);
    const file = await app.inject({ method: 'GET', url: response.json().data.profilePic, headers: authHeaders(buyer.token) });
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it.each([
    ['en', 'Image format is not valid'],
    ['es', 'El formato de la imagen no es válido'],
    ['ar', 'صيغة الصورة غير صالحة'],
    ['ms', 'Format imej tidak sah'],
  ])("answers 'Image format is not valid' to a text file named x.png, and stores nothing (%s)", async (language, message) => {
    const buyer = await signedInUser(app);
    const response = await uploadPicture(buyer.token, { filename: 'x.png', data: textBytes(), contentType: 'image/png' }, language);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message, field: 'picture' });
    expect(await uploadsOf(buyer.userId)).toEqual([]);
    expect((await getProfile(buyer.token)).json().data.profilePic).toBeNull();
  });

  it("answers 'Image format is not valid' to a PDF, an empty file and a missing file", async () => {
    const buyer = await signedInUser(app);
    for (const file of [{ filename: 'doc.png', data: pdfBytes() }, { filename: 'empty.png', data: Buffer.alloc(0) }, undefined]) {
      const response = await uploadPicture(buyer.token, file);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: 'Image format is not valid', field: 'picture' });
    }
    expect(await uploadsOf(buyer.userId)).toEqual([]);
  });

  it('refuses a picture over 5 MB (413 naming the field) and stores nothing', async () => {
    const buyer = await signedInUser(app);
    const response = await uploadPicture(buyer.token, { filename: 'big.png', data: largePngImage(5 * 1024 * 1024 + 1) });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'picture' });
    expect(await uploadsOf(buyer.userId)).toEqual([]);
  });

  it('is for buyers only', async () => {
    const guest = await signInGuest(app);
    const response = await uploadPicture(guest.token.accessToken, { filename: 'me.png', data: await pngBytes() });
    expect(response.statusCode).toBe(403);
  });

  it("takes as profilePic only an image the buyer uploaded: not another account's upload, nor a made-up id", async () => {
    const owner = await signedInUser(app);
    const uploaded = await uploadPicture(owner.token, { filename: 'me.png', data: await pngBytes() });
    const theirId = (uploaded.json().data.profilePic as string).split('/').pop() as string;
    const buyer = await signedInUser(app);
    for (const profilePic of [theirId, 'made-up-id']) {
      const response = await patchProfile(buyer.token, { profilePic });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ code: 'VALIDATION', field: 'profilePic' });
    }
    expect((await getProfile(buyer.token)).json().data.profilePic).toBeNull();
    // The owner may point at their own image again, and remove it.
    expect((await patchProfile(owner.token, { profilePic: theirId })).json().data.profilePic).toBe(`/v1/uploads/${theirId}`);
    expect((await patchProfile(owner.token, { profilePic: null })).json().data.profilePic).toBeNull();
  });
});

describe('addresses', () => {
  let counter = 0;
  const address = (overrides: Record<string, unknown> = {}) => ({
    name: 'Amira Haddad',
    countryCode: '+971',
    mobile: '501234567',
    pincode: '00000',
    locality: 'Al Barsha',
    city: 'Dubai',
    state: 'Dubai',
    landmark: 'Near the mall',
    flatNumber: `Flat ${++counter}`,
    addressLine1: 'Street 12',
    addressType: 'home',
    ...overrides,
  });
  const list = async (token: string) => {
    const response = await app.inject({ method: 'GET', url: '/v1/customer/addresses', headers: authHeaders(token) });
    expect(response.statusCode).toBe(200);
    return response.json().data as Array<{ id: string; isDefault: boolean; flatNumber: string; createdAt: number }>;
  };
  const add = async (token: string, body: object) => {
    const response = await app.inject({ method: 'POST', url: '/v1/customer/addresses', headers: authHeaders(token), payload: body });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: string; isDefault: boolean };
  };
  /** Exactly one default whenever there is any address, and it is the one expected. */
  async function expectDefault(token: string, id: string | undefined) {
    const items = await list(token);
    const defaults = items.filter((item) => item.isDefault);
    if (id === undefined) {
      expect(items).toEqual([]);
      return items;
    }
    expect(defaults.map((item) => item.id)).toEqual([id]);
    // The default comes first.
    expect(items[0]?.id).toBe(id);
    return items;
  }

  it('keeps exactly one default through add, set default, edit and delete', async () => {
    const buyer = await signedInUser(app);
    await expectDefault(buyer.token, undefined);

    const first = await add(buyer.token, address({ isDefault: false }));
    expect(first.isDefault).toBe(true);
    await expectDefault(buyer.token, first.id);

    const second = await add(buyer.token, address({ addressType: 'work' }));
    expect(second.isDefault).toBe(false);
    await expectDefault(buyer.token, first.id);

    const third = await add(buyer.token, address({ isDefault: true }));
    expect(third.isDefault).toBe(true);
    await expectDefault(buyer.token, third.id);

    const setDefault = await app.inject({ method: 'PUT', url: `/v1/customer/addresses/${second.id}/default`, headers: authHeaders(buyer.token) });
    expect(setDefault.statusCode).toBe(200);
    expect(setDefault.json().data).toMatchObject({ id: second.id, isDefault: true });
    await expectDefault(buyer.token, second.id);

    // Editing the default without the flag keeps it the default; editing another with the flag moves it.
    const unticked = await app.inject({ method: 'PUT', url: `/v1/customer/addresses/${second.id}`, headers: authHeaders(buyer.token), payload: address({ isDefault: false, city: 'Sharjah' }) });
    expect(unticked.json().data).toMatchObject({ city: 'Sharjah', isDefault: true });
    await expectDefault(buyer.token, second.id);
    const moved = await app.inject({ method: 'PUT', url: `/v1/customer/addresses/${first.id}`, headers: authHeaders(buyer.token), payload: address({ isDefault: true, landmark: undefined }) });
    expect(moved.json().data).toMatchObject({ id: first.id, isDefault: true, landmark: null });
    await expectDefault(buyer.token, first.id);

    // Deleting a non-default leaves the default alone; deleting the default hands it to the oldest left.
    expect((await app.inject({ method: 'DELETE', url: `/v1/customer/addresses/${third.id}`, headers: authHeaders(buyer.token) })).statusCode).toBe(200);
    await expectDefault(buyer.token, first.id);
    const fourth = await add(buyer.token, address());
    await expectDefault(buyer.token, first.id);
    const deleted = await app.inject({ method: 'DELETE', url: `/v1/customer/addresses/${first.id}`, headers: authHeaders(buyer.token) });
    expect(deleted.json()).toEqual({ message: 'Address deleted' });
    await expectDefault(buyer.token, second.id);
    await app.inject({ method: 'DELETE', url: `/v1/customer/addresses/${second.id}`, headers: authHeaders(buyer.token) });
    await expectDefault(buyer.token, fourth.id);
    await app.inject({ method: 'DELETE', url: `/v1/customer/addresses/${fourth.id}`, headers: authHeaders(buyer.token) });
    await expectDefault(buyer.token, undefined);
  });

  it('hands the default to the oldest address even when several were added in the same millisecond', async () => {
    const buyer = await signedInUser(app);
    const first = await add(buyer.token, address());
    const rest = [];
    for (let i = 0; i < 5; i++) rest.push(await add(buyer.token, address()));
    // Same creation time for all of them: the order they were added in must still decide.
    await db.updateTable('addresses').set({ created_at: 1_700_000_000_000 }).where('user_id', '=', buyer.userId).execute();
    await app.inject({ method: 'DELETE', url: `/v1/customer/addresses/${first.id}`, headers: authHeaders(buyer.token) });
    await expectDefault(buyer.token, rest[0]?.id);
    const items = await list(buyer.token);
    expect(items.map((item) => item.id)).toEqual(rest.map((item) => item.id));
  });

  it('returns the fields it was given', async () => {
    const buyer = await signedInUser(app);
    const body = address({ pincode: 'SW1A 1AA', addressType: 'work' });
    const saved = await add(buyer.token, body);
    expect(saved).toMatchObject({ ...body, isDefault: true, id: expect.any(String), createdAt: expect.any(Number) });
  });

  it("does not let another buyer edit, default or delete one's addresses (404), nor see them", async () => {
    const owner = await signedInUser(app);
    const mine = await add(owner.token, address());
    const other = await signedInUser(app);
    const theirs = await add(other.token, address());
    for (const [method, url, payload] of [
      ['PUT', `/v1/customer/addresses/${mine.id}`, address()],
      ['PUT', `/v1/customer/addresses/${mine.id}/default`, undefined],
      ['DELETE', `/v1/customer/addresses/${mine.id}`, undefined],
    ] as const) {
      const response = await app.inject({ method, url, headers: authHeaders(other.token), ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect((await list(other.token)).map((item) => item.id)).toEqual([theirs.id]);
    await expectDefault(other.token, theirs.id);
    const items = await expectDefault(owner.token, mine.id);
    expect(items.map((item) => item.id)).toEqual([mine.id]);
  });

  it.each([
    ['a missing city', address({ city: undefined }), 'city', 'This field is required'],
    ['an empty city', address({ city: '  ' }), 'city', 'This field is required'],
    ['an address type other than home or work', address({ addressType: 'office' }), 'addressType', 'Choose one of the listed options'],
    ['a bad mobile number', address({ mobile: 'call me' }), 'mobile', 'Enter Valid Mobile Number'],
    ['a 5,000-character address', address({ addressLine1: '12 Jalan Ampang '.repeat(313).slice(0, 5000) }), 'addressLine1', 'Use at most 200 characters (this has 5,000)'],
    ['a one-character pincode', address({ pincode: '5' }), 'pincode', 'Use at least 3 characters'],
    ['a pincode with symbols', address({ pincode: '#!#!' }), 'pincode', 'This is not in the expected format'],
  ])('refuses %s with 400 naming the field and what is wrong with it', async (_case, body, field, message) => {
    const buyer = await signedInUser(app);
    const response = await app.inject({ method: 'POST', url: '/v1/customer/addresses', headers: authHeaders(buyer.token), payload: body });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error).toMatchObject({ code: 'VALIDATION', field });
    // The spec's own messages are the whole answer; the others follow the field's name.
    expect(error.message).toBe(field === 'mobile' ? message : `Please check the highlighted field. ${field}: ${message}`);
    expect(await list(buyer.token)).toEqual([]);
  });

  it('refuses an unknown field, naming it', async () => {
    const buyer = await signedInUser(app);
    const response = await app.inject({ method: 'POST', url: '/v1/customer/addresses', headers: authHeaders(buyer.token), payload: { ...address(), isPrimary: true } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION', field: 'isPrimary' });
    expect(errorOf(response).message).toContain('isPrimary');
  });

  it.each([
    ['es', 'Revisa el campo indicado. addressLine1: Usa como máximo 200 caracteres (tiene 5000)'],
    ['ar', 'يرجى التحقق من الحقل المحدد. addressLine1: استخدم 200 حرفًا على الأكثر (النص الحالي 5,000)'],
    ['ms', 'Sila semak medan yang ditandakan. addressLine1: Gunakan paling banyak 200 aksara (ini ada 5,000)'],
  ] as const)('says a too long address is too long in %s, not that it is missing', async (language, message) => {
    const buyer = await signedInUser(app);
    const response = await app.inject({ method: 'POST', url: '/v1/customer/addresses', headers: authHeaders(buyer.token, language), payload: address({ addressLine1: 'x'.repeat(5000) }) });
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', field: 'addressLine1', message });
  });

  it("answers 'Enter Valid Name' to a name of digits", async () => {
    const buyer = await signedInUser(app);
    const response = await app.inject({ method: 'POST', url: '/v1/customer/addresses', headers: authHeaders(buyer.token, 'ar'), payload: address({ name: '123' }) });
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: 'أدخل اسمًا صحيحًا', field: 'name' });
  });

  it('answers 404 for an address that does not exist, and is for buyers only', async () => {
    const buyer = await signedInUser(app);
    const missing = await app.inject({ method: 'PUT', url: '/v1/customer/addresses/0190aaaa-0000-7000-8000-000000000000/default', headers: authHeaders(buyer.token) });
    expect(missing.statusCode).toBe(404);
    const guest = await signInGuest(app);
    expect((await app.inject({ method: 'GET', url: '/v1/customer/addresses', headers: authHeaders(guest.token.accessToken) })).statusCode).toBe(403);
  });
});
