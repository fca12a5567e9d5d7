import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { collectPages, forgeCursors } from '../../test/cursors.js';
import { createBuyer, createTeamMember, multipartBody, sellerSignup, signInGuestWith, signUpSeller, TEST_PASSWORD, uniqueAlias, uniqueEmail } from '../../test/roles.js';
import { createTestApp } from '../../test/app.js';
import type { LocalFileStore } from '../uploads/index.js';
import { textFile } from '../../test/sample-files.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-sellers-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// Sign-in rate limits have their own tests; here every signup must go through.
const { app } = await createTestApp({ dataDir, signInRateLimitPerMinute: 1_000_000 });

const owner = await createTeamMember(app, 'owner');
const moderator = await createTeamMember(app, 'moderator');
const support = await createTeamMember(app, 'support');

const auth = (token: string, headers: Record<string, string> = {}) => ({ authorization: token, ...headers });
const getStore = (token: string) => app.inject({ method: 'GET', url: '/v1/seller/store', headers: auth(token) });
const patchStore = (token: string, payload: object) => app.inject({ method: 'PATCH', url: '/v1/seller/store', headers: auth(token), payload });
const login = (payload: object, url = '/v1/seller/login', headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers });
const review = (storeId: string, decision: object, token = moderator.token) =>
  app.inject({ method: 'POST', url: `/v1/admin/sellers/${storeId}/review`, headers: auth(token), payload: decision });
const listSellers = (query: string, token = support.token, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/v1/admin/sellers?${query}`, headers: auth(token, headers) });
const CURSOR_INVALID = {
  en: 'This page link is no longer valid. Start again from the first page.',
  es: 'Este enlace de página ya no es válido. Vuelve a empezar desde la primera página.',
} as const;

const png = (width = 900, height = 600) => sharp({ create: { width, height, channels: 3, background: '#a52' } }).png().toBuffer();
async function uploadLogo(token: string, data: Buffer, filename = 'logo.png', field = 'logo') {
  const body = await multipartBody([{ name: field, data, filename, type: 'image/png' }]);
  return app.inject({ method: 'POST', url: '/v1/seller/store/logo', headers: auth(token, { 'content-type': body.contentType }), payload: body.payload });
}
const fetchFile = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const uploadId = (url: string) => url.split('/').at(-1) as string;
const fileStore = app.services.fileStore as LocalFileStore;
const uploadRowsOf = (userId: string) => app.db.kysely.selectFrom('uploads').select(['id', 'content_type']).where('owner_user_id', '=', userId).execute();

describe('POST /v1/seller/signup', () => {
  it('answers data.token.accessToken and a seller profile; the store waits for approval', async () => {
    const payload = sellerSignup();
    const response = await app.inject({ method: 'POST', url: '/v1/seller/signup', payload });
    expect(response.statusCode).toBe(200);
    const { data, message } = response.json();
    expect(message).toMatch(/pending approval/);
    expect(data.token.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.token.refreshToken).toEqual(expect.any(String));
    expect(data.user).toMatchObject({ userType: 'seller', email: payload.email, firstName: 'Amara', lastName: 'Okafor', teamRole: null, buyerRole: null });

    const store = await getStore(data.token.accessToken);
    expect(store.statusCode).toBe(200);
    expect(store.json().data).toMatchObject({
      sellerId: data.user.id,
      storeName: { en: 'Loom & Leaf' },
      storeAliasName: payload.storeAliasName,
      country: 'MY',
      city: 'Kuching',
      status: 'pending',
      rejectionReason: null,
      logoImages: { logoImageweb: null, logoImageThumb: null, logoImageMobile: null },
    });
  });

  it('refuses an alias that is taken with 409 STORE_ALIAS_TAKEN, whatever its case, and creates nothing', async () => {
    const first = await signUpSeller(app);
    const email = uniqueEmail('second');
    const response = await app.inject({ method: 'POST', url: '/v1/seller/signup', payload: sellerSignup({ email, storeAliasName: first.alias.toUpperCase() }) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'STORE_ALIAS_TAKEN', message: 'This store alias is taken. Choose another.', field: 'storeAliasName' });
    // The refused signup left no account behind: the same e-mail signs up with another alias.
    expect((await app.inject({ method: 'POST', url: '/v1/seller/signup', payload: sellerSignup({ email }) })).statusCode).toBe(200);
  });

  it('refuses an e-mail that already has an account with 409 EMAIL_TAKEN, and keeps the alias free', async () => {
    const buyer = await createBuyer(app);
    const alias = uniqueAlias('taken-mail');
    const response = await app.inject({ method: 'POST', url: '/v1/seller/signup', payload: sellerSignup({ email: buyer.email, storeAliasName: alias }) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
    expect((await app.inject({ method: 'POST', url: '/v1/seller/signup', payload: sellerSignup({ storeAliasName: alias }) })).statusCode).toBe(200);
  });

  it('gives a contested alias to one of two simultaneous signups and a clean 409 to the other', async () => {
    const alias = uniqueAlias('race');
    const answers = await Promise.all([1, 2].map(() => app.inject({ method: 'POST', url: '/v1/seller/signup', payload: sellerSignup({ storeAliasName: alias }) })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe('STORE_ALIAS_TAKEN');
  });

  it.each([
    ['an alias with spaces', { storeAliasName: 'my store' }, 'storeAliasName'],
    ['a country that is not a code', { country: 'Malaysia' }, 'country'],
    ['passwords that differ', { confirmPassword: 'Other passw0rd' }, 'confirmPassword'],
    ['an unknown field', { admin: true }, 'admin'],
  ])('refuses %s with 400 naming the field', async (_case, overrides, field) => {
    const response = await app.inject({ method: 'POST', url: '/v1/seller/signup', payload: sellerSignup(overrides) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field });
  });
});

describe('POST /v1/seller/login', () => {
  it('logs a seller in by e-mail or by mobile number with a seller token', async () => {
    const payload = sellerSignup();
    await app.inject({ method: 'POST', url: '/v1/seller/signup', payload });
    const byEmail = await login({ email: payload.email.toUpperCase(), password: TEST_PASSWORD });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data.user.userType).toBe('seller');
    expect((await getStore(byEmail.json().data.token.accessToken)).statusCode).toBe(200);
    const byPhone = await login({ countryCode: payload.countryCode, phone: payload.phone, password: TEST_PASSWORD });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json().data.user.email).toBe(payload.email);
  });

  it("answers a buyer's e-mail with 'account could not be recognised, sign up with a new account'", async () => {
    const buyer = await createBuyer(app);
    const response = await login({ email: buyer.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'ACCOUNT_NOT_RECOGNISED', message: 'account could not be recognised, sign up with a new account' });
    // A wrong password answers the same for a buyer: the seller login says nothing about the password.
    expect((await login({ email: buyer.email, password: 'Wrong passw0rd' })).json().code).toBe('ACCOUNT_NOT_RECOGNISED');
    expect((await login({ email: buyer.email, password: TEST_PASSWORD }, '/v1/seller/login', { language: 'es' })).json().message).toBe(
      'no se pudo reconocer la cuenta, regístrate con una cuenta nueva',
    );
  });

  it('answers a team member and a seller at the wrong portal the same way', async () => {
    expect((await login({ email: owner.email, password: TEST_PASSWORD })).json().code).toBe('ACCOUNT_NOT_RECOGNISED');
    const seller = await signUpSeller(app);
    expect((await login({ email: seller.email, password: TEST_PASSWORD }, '/v1/customer/login')).json().code).toBe('ACCOUNT_NOT_RECOGNISED');
    expect((await login({ email: seller.email, password: TEST_PASSWORD }, '/v1/admin/login')).json().code).toBe('ACCOUNT_NOT_RECOGNISED');
  });

  it('answers an unknown e-mail and a wrong password with their own messages', async () => {
    const unknown = await login({ email: uniqueEmail('nobody'), password: TEST_PASSWORD });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('email not registered, please register or try a different email');
    const seller = await signUpSeller(app);
    const wrong = await login({ email: seller.email, password: 'Wrong passw0rd' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'password' });
  });
});

describe('GET and PATCH /v1/seller/store', () => {
  it('edits names per language, description, policies, location and the alias', async () => {
    const seller = await signUpSeller(app);
    const alias = uniqueAlias('renamed');
    const changes = {
      storeName: { en: 'Loom and Leaf', es: 'Telar y Hoja', ar: 'النول والورقة', ms: 'Tenun dan Daun' },
      description: { en: 'Hand-woven rattan from Sarawak.', ar: 'روطان منسوج يدويًا من ساراواك.' },
      policies: { shipping: 'Ships in 5 days.', returns: '30 days.', payment: 'Bank transfer.', customOrders: 'Welcome.' },
      storeAliasName: alias.toUpperCase(),
      city: 'Miri',
      address: 'Jalan Merpati 4',
    };
    const response = await patchStore(seller.token, changes);
    expect(response.statusCode).toBe(200);
    const expected = { ...changes, storeAliasName: alias, status: 'pending' };
    expect(response.json().data).toMatchObject(expected);
    expect((await getStore(seller.token)).json().data).toMatchObject(expected);

    // A partial change leaves the rest alone; an empty one changes nothing.
    await patchStore(seller.token, { policies: { shipping: 'Ships in 2 days.' } });
    const after = (await getStore(seller.token)).json().data;
    expect(after.policies).toEqual({ shipping: 'Ships in 2 days.' });
    expect(after.storeName).toEqual(changes.storeName);
    expect((await patchStore(seller.token, {})).json().data).toEqual(after);
    // The old alias is free again.
    await signUpSeller(app, { storeAliasName: seller.alias });
  });

  it("refuses another store's alias with 409, and keeping one's own alias is fine", async () => {
    const a = await signUpSeller(app);
    const b = await signUpSeller(app);
    const taken = await patchStore(b.token, { storeAliasName: a.alias });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'STORE_ALIAS_TAKEN', field: 'storeAliasName' });
    expect((await patchStore(b.token, { storeAliasName: b.alias })).statusCode).toBe(200);

    // Two stores renaming to the same alias at the same moment: one gets it, the other a clean 409.
    const alias = uniqueAlias('contested');
    const answers = await Promise.all([patchStore(a.token, { storeAliasName: alias }), patchStore(b.token, { storeAliasName: alias })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it.each([
    ['names without English', { storeName: { es: 'Sólo español' } }, 'storeName.en'],
    ['a language that is not supported', { storeName: { en: 'Store', fr: 'Boutique' } }, 'storeName'],
    ['an unknown policy', { policies: { warranty: 'none' } }, 'policies'],
    ['a status (the store team sets it)', { status: 'approved' }, 'status'],
  ])('refuses %s with 400', async (_case, changes, field) => {
    const seller = await signUpSeller(app);
    const response = await patchStore(seller.token, changes);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
    expect(response.json().field).toContain(field.split('.')[0]);
    expect((await getStore(seller.token)).json().data.status).toBe('pending');
  });
});

describe('POST /v1/seller/store/logo', () => {
  it('makes web, mobile and thumbnail WebP sizes that the seller and the store team can read', async () => {
    const seller = await signUpSeller(app);
    const response = await uploadLogo(seller.token, await png());
    expect(response.statusCode).toBe(200);
    const { logoImages } = response.json().data;
    expect(logoImages).toEqual({
      logoImageweb: expect.stringMatching(/^\/v1\/uploads\/[0-9a-f-]{36}$/),
      logoImageMobile: expect.stringMatching(/^\/v1\/uploads\/[0-9a-f-]{36}$/),
      logoImageThumb: expect.stringMatching(/^\/v1\/uploads\/[0-9a-f-]{36}$/),
    });
    expect((await getStore(seller.token)).json().data.logoImages).toEqual(logoImages);

    const read = async (url: string) => {
      const file = await fetchFile(url, seller.token);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      return sharp(file.rawPayload).metadata();
    };
    const thumb = await read(logoImages.logoImageThumb);
    expect(thumb).toMatchObject({ format: 'webp', width: 100, height: 100 });
    const web = await read(logoImages.logoImageweb);
    expect(web.format).toBe('webp');
    expect(Math.max(web.width, web.height)).toBeLessThanOrEqual(512);
    expect(web.width / web.height).toBeCloseTo(1.5, 1);
    const mobile = await read(logoImages.logoImageMobile);
    expect(Math.max(mobile.width, mobile.height)).toBeLessThanOrEqual(256);

    // Only the three sizes are kept (the original is not), and the store team can read them.
    expect((await uploadRowsOf(seller.userId)).map((r) => r.content_type)).toEqual(['image/webp', 'image/webp', 'image/webp']);
    expect((await fetchFile(logoImages.logoImageThumb, support.token)).statusCode).toBe(200);
    // Another seller cannot, and nobody without a token can.
    const other = await signUpSeller(app);
    expect((await fetchFile(logoImages.logoImageThumb, other.token)).statusCode).toBe(404);
    expect((await fetchFile(logoImages.logoImageThumb)).statusCode).toBe(401);
  });

  it('does not enlarge a small logo, except into the square thumbnail', async () => {
    const seller = await signUpSeller(app);
    const { logoImages } = (await uploadLogo(seller.token, await png(120, 80))).json().data;
    const meta = async (url: string) => sharp((await fetchFile(url, seller.token)).rawPayload).metadata();
    expect(await meta(logoImages.logoImageweb)).toMatchObject({ width: 120, height: 80 });
    expect(await meta(logoImages.logoImageThumb)).toMatchObject({ width: 100, height: 100 });
  });

  it("refuses a text file with 'Image format is not valid', translated, and keeps the logo", async () => {
    const seller = await signUpSeller(app);
    const first = (await uploadLogo(seller.token, await png())).json().data.logoImages;
    const response = await uploadLogo(seller.token, textFile(), 'logo.png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', message: 'Image format is not valid', field: 'logo' });
    const body = await multipartBody([{ name: 'logo', data: textFile(), filename: 'logo.png', type: 'image/png' }]);
    const spanish = await app.inject({
      method: 'POST',
      url: '/v1/seller/store/logo',
      headers: auth(seller.token, { 'content-type': body.contentType, language: 'es' }),
      payload: body.payload,
    });
    expect(spanish.json().message).toBe('El formato de la imagen no es válido');
    expect((await getStore(seller.token)).json().data.logoImages).toEqual(first);
    expect(await uploadRowsOf(seller.userId)).toHaveLength(3);
  });

  it("refuses bytes that start like a PNG but do not decode, and stores nothing", async () => {
    const seller = await signUpSeller(app);
    const real = await png();
    const broken = Buffer.concat([real.subarray(0, 40), Buffer.alloc(4000, 7)]);
    const response = await uploadLogo(seller.token, broken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Image format is not valid', field: 'logo' });
    expect(await uploadRowsOf(seller.userId)).toEqual([]);
  });

  it('refuses a request without the logo, with a file in another field, or that is not multipart', async () => {
    const seller = await signUpSeller(app);
    const empty = await multipartBody([{ name: 'note', value: 'no file' }]);
    const noFile = await app.inject({ method: 'POST', url: '/v1/seller/store/logo', headers: auth(seller.token, { 'content-type': empty.contentType }), payload: empty.payload });
    expect(noFile.statusCode).toBe(400);
    const wrongField = await uploadLogo(seller.token, await png(), 'logo.png', 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().field).toBe('picture');
    const json = await app.inject({ method: 'POST', url: '/v1/seller/store/logo', headers: auth(seller.token), payload: {} });
    expect(json.statusCode).toBe(415);
    expect(await uploadRowsOf(seller.userId)).toEqual([]);
  });

  it('deletes the previous logo files when a new logo replaces them', async () => {
    const seller = await signUpSeller(app);
    const old = (await uploadLogo(seller.token, await png())).json().data.logoImages as Record<string, string>;
    const oldIds = Object.values(old).map(uploadId);
    for (const id of oldIds) expect(fs.existsSync(fileStore.pathOf(id))).toBe(true);

    const second = await uploadLogo(seller.token, await png(400, 400));
    expect(second.statusCode).toBe(200);
    const current = second.json().data.logoImages as Record<string, string>;
    for (const url of Object.values(current)) expect(Object.values(old)).not.toContain(url);
    for (const url of Object.values(old)) expect((await fetchFile(url, seller.token)).statusCode).toBe(404);
    for (const id of oldIds) expect(fs.existsSync(fileStore.pathOf(id))).toBe(false);
    const rows = await uploadRowsOf(seller.userId);
    expect(rows.map((r) => r.id).sort()).toEqual(Object.values(current).map(uploadId).sort());
    for (const url of Object.values(current)) expect((await fetchFile(url, seller.token)).statusCode).toBe(200);
  });
});

describe('the seller portal is for sellers', () => {
  it.each([
    ['GET', '/v1/seller/store', undefined],
    ['PATCH', '/v1/seller/store', { city: 'Miri' }],
    ['POST', '/v1/seller/store/logo', {}],
  ] as const)('%s %s answers 403 to a buyer, a guest and a team member, 401 without a token', async (method, url, payload) => {
    const buyer = await createBuyer(app, 'retailer');
    const guest = await signInGuestWith(app);
    for (const token of [buyer.token, guest.token, owner.token]) {
      const response = await app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect((await app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
  });
});

describe('the store team reviews sellers', () => {
  it('lists a pending store with its seller, approves it and e-mails the seller in their language', async () => {
    const seller = await signUpSeller(app, { language: 'es', storeName: 'Cestería Sol' });
    const storeId = (await getStore(seller.token)).json().data.id as string;

    const pending = await listSellers('status=pending&limit=100');
    expect(pending.statusCode).toBe(200);
    const item = pending.json().data.items.find((s: { id: string }) => s.id === storeId);
    expect(item).toMatchObject({ status: 'pending', storeAliasName: seller.alias, seller: { id: seller.userId, name: 'Amara Okafor', email: seller.email } });
    expect(item.seller.phone).toMatch(/^\+60\d+$/);

    const approved = await review(storeId, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe('Store approved');
    expect((await getStore(seller.token)).json().data).toMatchObject({ status: 'approved', rejectionReason: null });
    await app.services.events.settle(); // the e-mail is delivered by the events outbox after the commit
    const mail = await app.services.notifications.latestFor({ recipient: seller.email, template: 'seller-approved' });
    expect(mail).toMatchObject({ channel: 'email', language: 'es', userId: seller.userId, status: 'outbox' });
    expect(mail?.subject).toBe('Tu tienda Cestería Sol ya está abierta en Tessera');

    expect((await listSellers('status=pending&limit=100')).json().data.items.map((s: { id: string }) => s.id)).not.toContain(storeId);
    expect((await listSellers('status=approved&limit=100')).json().data.items.map((s: { id: string }) => s.id)).toContain(storeId);
  });

  it('rejects with a reason that the seller sees and is e-mailed', async () => {
    const seller = await signUpSeller(app);
    const storeId = (await getStore(seller.token)).json().data.id as string;
    const reason = 'The photos do not show your own products.';
    const rejected = await review(storeId, { decision: 'reject', reason }, owner.token);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().message).toBe('Store rejected');
    expect((await getStore(seller.token)).json().data).toMatchObject({ status: 'rejected', rejectionReason: reason });
    await app.services.events.settle();
    const mail = await app.services.notifications.latestFor({ recipient: seller.email, template: 'seller-rejected' });
    expect(mail?.body).toContain(reason);
    expect(await app.services.notifications.latestFor({ recipient: seller.email, template: 'seller-approved' })).toBeUndefined();
  });

  it('answers a second review with 409 ALREADY_REVIEWED and changes nothing', async () => {
    const seller = await signUpSeller(app);
    const storeId = (await getStore(seller.token)).json().data.id as string;
    expect((await review(storeId, { decision: 'approve' })).statusCode).toBe(200);
    for (const decision of [{ decision: 'approve' }, { decision: 'reject', reason: 'Changed my mind.' }]) {
      const again = await review(storeId, decision);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'ALREADY_REVIEWED', message: 'This application has already been reviewed.' });
    }
    expect((await getStore(seller.token)).json().data.status).toBe('approved');
  });

  it('approves once when two reviewers decide at the same moment', async () => {
    const seller = await signUpSeller(app);
    const storeId = (await getStore(seller.token)).json().data.id as string;
    const answers = await Promise.all([review(storeId, { decision: 'approve' }, owner.token), review(storeId, { decision: 'reject', reason: 'Too late.' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const mails = await app.db.kysely.selectFrom('notification_outbox').select('template').where('recipient', '=', seller.email).execute();
    expect(mails).toHaveLength(1);
  });

  it('refuses a rejection without a reason, an unknown decision and an unknown store', async () => {
    const seller = await signUpSeller(app);
    const storeId = (await getStore(seller.token)).json().data.id as string;
    expect((await review(storeId, { decision: 'reject' })).statusCode).toBe(400);
    expect((await review(storeId, { decision: 'reject', reason: ' ' })).statusCode).toBe(400);
    expect((await review(storeId, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await review('0190aaaa-0000-7000-8000-000000000000', { decision: 'approve' })).statusCode).toBe(404);
    expect((await getStore(seller.token)).json().data.status).toBe('pending');
  });

  it('pages through the queue, newest first', async () => {
    const sellers = [];
    for (let i = 0; i < 3; i++) sellers.push(await signUpSeller(app));
    const first = (await listSellers('status=pending&limit=2')).json().data;
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await listSellers(`status=pending&limit=2&cursor=${encodeURIComponent(first.nextCursor)}`)).json().data;
    const ids = [...first.items, ...second.items].map((s: { id: string }) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const created = [...first.items, ...second.items].map((s: { createdAt: number }) => s.createdAt);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(ids.slice(0, 2)).toEqual(
      await Promise.all(sellers.reverse().slice(0, 2).map(async (s) => (await getStore(s.token)).json().data.id)),
    );
  });

  it('pages through the whole queue with nextCursor, every store once', async () => {
    for (let i = 0; i < 3; i++) await signUpSeller(app);
    const everything = (await listSellers('status=pending&limit=100')).json().data;
    expect(everything.nextCursor).toBeNull();
    const { ids, pages } = await collectPages(2, (cursor) => listSellers(`status=pending&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(ids).toEqual(everything.items.map((item: { id: string }) => item.id));
  });

  it('refuses an edited cursor, an old unsigned one and one from another list, in the reader’s language', async () => {
    await signUpSeller(app);
    await signUpSeller(app);
    const cursor = (await listSellers('status=pending&limit=1')).json().data.nextCursor as string;
    const { flipped, unsigned, position, withPosition } = forgeCursors(cursor);
    const moved = withPosition({ ...position, id: '0190aaaa-0000-7000-8000-000000000000' });
    // The outbox's cursor: signed by the same server, for another list (every signup above sent mail).
    const outbox = (await app.inject({ method: 'GET', url: '/v1/admin/notifications?limit=1', headers: auth(owner.token) })).json().data.nextCursor;
    expect(outbox).toEqual(expect.any(String));
    for (const bad of [flipped, moved, unsigned, outbox as string]) {
      const response = await listSellers(`status=pending&limit=1&cursor=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION', field: 'query.cursor', message: CURSOR_INVALID.en });
    }
    const spanish = await listSellers(`status=pending&limit=1&cursor=${encodeURIComponent(flipped)}`, support.token, { language: 'es' });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toEqual({ code: 'VALIDATION', field: 'query.cursor', message: CURSOR_INVALID.es });
    expect((await listSellers(`status=pending&limit=1&cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(200);
  });

  it('lets any team member read the queue but only owners and moderators decide', async () => {
    const seller = await signUpSeller(app);
    const storeId = (await getStore(seller.token)).json().data.id as string;
    expect((await listSellers('status=pending', support.token)).statusCode).toBe(200);
    const refused = await review(storeId, { decision: 'approve' }, support.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const buyer = await createBuyer(app);
    expect((await listSellers('status=pending', buyer.token)).statusCode).toBe(403);
    expect((await listSellers('status=pending', seller.token)).statusCode).toBe(403);
    expect((await review(storeId, { decision: 'approve' }, seller.token)).statusCode).toBe(403);
    expect((await getStore(seller.token)).json().data.status).toBe('pending');
  });
});
