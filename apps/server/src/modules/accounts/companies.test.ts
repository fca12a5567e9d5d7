import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { collectPages, forgeCursors } from '../../test/cursors.js';
import { signInGuest } from '../../test/app.js';
import {
  TEAM_LOGIN,
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
  storedFiles,
  textBytes,
  waitForMessage,
  type FilePart,
} from '../../test/accounts.js';
import { signUpSeller } from '../../test/roles.js';
import { largePngImage } from '../../test/sample-files.js';

const { app, database, dataDir } = await createAccountsTestApp();
const db = database.db.kysely;
const PNG = await pngBytes();

const NOT_APPROVED = {
  en: 'profile not approved (contact customer care)',
  es: 'perfil no aprobado (contacta con atención al cliente)',
  ar: 'الملف الشخصي غير معتمد (تواصل مع خدمة العملاء)',
  ms: 'profil belum diluluskan (hubungi khidmat pelanggan)',
} as const;
const LOGO_INVALID = {
  en: 'Company Logo Image is not valid',
  es: 'La imagen del logotipo de la empresa no es válida',
  ar: 'صورة شعار الشركة غير صالحة',
  ms: 'Imej Logo Syarikat tidak sah',
} as const;
const DOCUMENT_INVALID = {
  en: 'Company Document Image is not valid',
  es: 'La imagen del documento de la empresa no es válida',
  ar: 'صورة مستند الشركة غير صالحة',
  ms: 'Imej Dokumen Syarikat tidak sah',
} as const;
const ONE_CITY = {
  en: 'At least 1 city should be selected',
  es: 'Selecciona al menos 1 ciudad',
  ar: 'يجب اختيار مدينة واحدة على الأقل',
  ms: 'Sekurang-kurangnya 1 bandar perlu dipilih',
} as const;
const NAME = { en: 'Enter Valid Name', es: 'Introduce un nombre válido', ar: 'أدخل اسمًا صحيحًا', ms: 'Masukkan Nama Yang Sah' } as const;
const EMAIL = { en: 'Enter Valid Email', es: 'Introduce un correo electrónico válido', ar: 'أدخل بريدًا إلكترونيًا صحيحًا', ms: 'Masukkan E-mel Yang Sah' } as const;
const LANGUAGES = ['en', 'es', 'ar', 'ms'] as const;
const CURSOR_INVALID = {
  en: 'This page link is no longer valid. Start again from the first page.',
  es: 'Este enlace de página ya no es válido. Vuelve a empezar desde la primera página.',
} as const;

const registrationNumber = () => `CR-${randomBytes(5).toString('hex').toUpperCase()}`;

/** The text fields of a valid registration (every field of ZCompanyRegistrationFieldsSchema). */
function companyFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    role: 'distributor',
    companyName: 'Green Loom Trading & Co.',
    registrationNumber: registrationNumber(),
    registrationExpiry: '2099-12-31',
    headOfficeNumber: '+971 4 123 4567',
    officeNumber: '+971 4 765 4321',
    headquartersAddress: 'Office 12, Business Bay, Dubai',
    website: 'greenloom.example',
    countries: JSON.stringify(['AE', 'SA']),
    cities: JSON.stringify(['Dubai', 'Riyadh']),
    contactName: 'Amira Haddad',
    contactMobile: '+971 50 123 4567',
    contactEmail: 'Contact@GreenLoom.example',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const logoPart = (data: Buffer = PNG, filename = 'logo.png'): FilePart => ({ field: 'logo', filename, contentType: 'image/png', data });
const documentPart = (data: Buffer = pdfBytes(), filename = 'registration.pdf'): FilePart => ({ field: 'document', filename, contentType: 'application/pdf', data });

function register(token: string, fields: Record<string, string>, files: FilePart[] = [logoPart(), documentPart()], language?: string) {
  const body = multipartBody(fields, files);
  return app.inject({ method: 'POST', url: '/v1/customer/company', headers: { ...authHeaders(token, language), ...body.headers }, payload: body.payload });
}

const getProfile = async (token: string, language?: string) => {
  const response = await app.inject({ method: 'GET', url: '/v1/customer/profile', headers: authHeaders(token, language) });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

/** Nothing of a refused registration stays: no company, no upload row, no file. */
async function expectNothingStored(userId: string) {
  expect(await db.selectFrom('companies').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  expect(await db.selectFrom('uploads').select('id').where('owner_user_id', '=', userId).execute()).toEqual([]);
  const user = await db.selectFrom('users').select('buyer_role').where('id', '=', userId).executeTakeFirstOrThrow();
  expect(user.buyer_role).toBeNull();
}

/** Every upload row has its file in the store, and every file its row. */
async function expectStoreMatchesRows() {
  const rows = await db.selectFrom('uploads').select('storage_key').execute();
  const files = storedFiles(dataDir).map((file) => file.split('/').pop());
  expect(files.sort()).toEqual(rows.map((row) => row.storage_key).sort());
}

const owner = await signedInUser(app, { type: 'team', teamRole: 'owner' });

describe('POST /v1/customer/company', () => {
  it('registers the company pending approval: the buyer may not check out yet', async () => {
    const buyer = await signedInUser(app);
    const fields = companyFields();
    const response = await register(buyer.token, fields);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Company registered: pending approval');
    const profile = response.json().data;
    expect(profile).toMatchObject({
      id: buyer.userId,
      buyerRole: 'distributor',
      approvalStatus: 'pending',
      approvalMessage: NOT_APPROVED.en,
      canCheckout: false,
    });
    expect(profile.company).toMatchObject({
      role: 'distributor',
      companyName: 'Green Loom Trading & Co.',
      registrationNumber: fields.registrationNumber,
      registrationExpiry: '2099-12-31',
      headOfficeNumber: '+971 4 123 4567',
      officeNumber: '+971 4 765 4321',
      headquartersAddress: 'Office 12, Business Bay, Dubai',
      website: 'https://greenloom.example',
      countries: ['AE', 'SA'],
      cities: ['Dubai', 'Riyadh'],
      contactName: 'Amira Haddad',
      contactMobile: '+971 50 123 4567',
      contactEmail: 'contact@greenloom.example',
      status: 'pending',
      rejectionReason: null,
      reviewedAt: null,
    });
    expect(profile.company.logoUrl).toMatch(/^\/v1\/uploads\/[0-9a-f-]{36}$/);
    expect(profile.company.documentUrl).toMatch(/^\/v1\/uploads\/[0-9a-f-]{36}$/);
    expect(await getProfile(buyer.token)).toEqual(profile);
    await expectStoreMatchesRows();
  });

  it.each(LANGUAGES)("shows 'profile not approved (contact customer care)' in the buyer's language (%s)", async (language) => {
    const buyer = await signedInUser(app);
    expect((await register(buyer.token, companyFields({ role: 'retailer' }))).statusCode).toBe(200);
    const profile = await getProfile(buyer.token, language);
    expect(profile).toMatchObject({ buyerRole: 'retailer', approvalStatus: 'pending', approvalMessage: NOT_APPROVED[language], canCheckout: false });
  });

  it('takes a JPEG logo and an image as the document, judged by content whatever the names, and keeps only their re-encoded pixels', async () => {
    const buyer = await signedInUser(app);
    const response = await register(buyer.token, companyFields(), [logoPart(await jpegBytes(), 'logo.pdf'), documentPart(PNG, 'scan.txt')]);
    expect(response.statusCode).toBe(200);
    const { company } = response.json().data;
    const logo = await app.inject({ method: 'GET', url: company.logoUrl, headers: authHeaders(buyer.token) });
    expect(logo.headers['content-type']).toBe('image/webp');
    const document = await app.inject({ method: 'GET', url: company.documentUrl, headers: authHeaders(buyer.token) });
    expect(document.headers['content-type']).toBe('image/webp');
  });

  it.each(LANGUAGES)("answers 'Company Logo Image is not valid' to a text file named logo.png, and stores nothing (%s)", async (language) => {
    const buyer = await signedInUser(app);
    const response = await register(buyer.token, companyFields(), [logoPart(textBytes()), documentPart()], language);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: LOGO_INVALID[language], field: 'logo' });
    await expectNothingStored(buyer.userId);
  });

  it.each([
    ['a missing logo', [documentPart()]],
    ['a PDF logo', [logoPart(pdfBytes(), 'logo.png'), documentPart()]],
    ['an empty logo', [logoPart(Buffer.alloc(0)), documentPart()]],
    ['a logo over 2 MB', [logoPart(largePngImage(2 * 1024 * 1024 + 1)), documentPart()]],
  ])("answers 'Company Logo Image is not valid' to %s", async (_case, files) => {
    const buyer = await signedInUser(app);
    const response = await register(buyer.token, companyFields(), files);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: LOGO_INVALID.en, field: 'logo' });
    await expectNothingStored(buyer.userId);
  });

  it.each(LANGUAGES)("answers 'Company Document Image is not valid' to a text document, and keeps no logo either (%s)", async (language) => {
    const buyer = await signedInUser(app);
    const response = await register(buyer.token, companyFields(), [logoPart(), documentPart(textBytes(), 'registration.pdf')], language);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: DOCUMENT_INVALID[language], field: 'document' });
    await expectNothingStored(buyer.userId);
    await expectStoreMatchesRows();
  });

  it("answers 'Company Document Image is not valid' to a missing document", async () => {
    const buyer = await signedInUser(app);
    const response = await register(buyer.token, companyFields(), [logoPart()]);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: DOCUMENT_INVALID.en, field: 'document' });
    await expectNothingStored(buyer.userId);
  });

  it.each(LANGUAGES)("answers 'At least 1 city should be selected' to an empty list of cities (%s)", async (language) => {
    const buyer = await signedInUser(app);
    const response = await register(buyer.token, companyFields({ cities: '[]' }), undefined, language);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message: ONE_CITY[language], field: 'cities' });
    await expectNothingStored(buyer.userId);
  });

  it.each([
    ['cities that are not JSON', { cities: 'Dubai, Riyadh' }, 'cities', ONE_CITY.en],
    ['missing cities', { cities: undefined }, 'cities', ONE_CITY.en],
    ['an empty list of countries', { countries: '[]' }, 'countries', 'At least 1 country should be selected'],
    ['a contact name of digits', { contactName: '42' }, 'contactName', NAME.en],
    ['a company name of punctuation', { companyName: '!!' }, 'companyName', NAME.en],
    ['a bad contact e-mail', { contactEmail: 'contact-at-example' }, 'contactEmail', EMAIL.en],
    ['an impossible expiry date', { registrationExpiry: '2030-02-30' }, 'registrationExpiry', 'Enter a valid date'],
    ['a bad contact mobile', { contactMobile: 'call us' }, 'contactMobile', 'Enter Valid Mobile Number'],
  ])('refuses %s with the field and its message', async (_case, override, field, message) => {
    const buyer = await signedInUser(app);
    const response = await register(buyer.token, companyFields(override));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION', message, field });
    await expectNothingStored(buyer.userId);
  });

  it.each(['es', 'ar', 'ms'] as const)("translates 'Enter Valid Name' and 'Enter Valid Email' of the contact (%s)", async (language) => {
    const buyer = await signedInUser(app);
    expect(errorOf(await register(buyer.token, companyFields({ contactName: '42' }), undefined, language)).message).toBe(NAME[language]);
    expect(errorOf(await register(buyer.token, companyFields({ contactEmail: 'bad' }), undefined, language)).message).toBe(EMAIL[language]);
  });

  it('refuses an expired commercial registration with REGISTRATION_EXPIRED', async () => {
    const buyer = await signedInUser(app);
    const response = await register(buyer.token, companyFields({ registrationExpiry: '2020-01-31' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'REGISTRATION_EXPIRED',
      message: 'The commercial registration has expired. Renew it before registering.',
      field: 'registrationExpiry',
    });
    await expectNothingStored(buyer.userId);
  });

  it('refuses a registration number already used (whatever its case) with REGISTRATION_NUMBER_TAKEN', async () => {
    const first = await signedInUser(app);
    const number = registrationNumber();
    expect((await register(first.token, companyFields({ registrationNumber: number }))).statusCode).toBe(200);
    const buyer = await signedInUser(app);
    for (const taken of [number, number.toLowerCase()]) {
      const response = await register(buyer.token, companyFields({ registrationNumber: taken }));
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({
        code: 'REGISTRATION_NUMBER_TAKEN',
        message: 'This commercial registration number is already registered.',
        field: 'registrationNumber',
      });
    }
    await expectNothingStored(buyer.userId);
  });

  it('refuses a second registration by the same buyer with COMPANY_EXISTS and keeps the first', async () => {
    const buyer = await signedInUser(app);
    const first = await register(buyer.token, companyFields());
    const uploadsBefore = await db.selectFrom('uploads').select('id').where('owner_user_id', '=', buyer.userId).execute();
    const second = await register(buyer.token, companyFields({ role: 'retailer', companyName: 'Other Name' }));
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toEqual({ code: 'COMPANY_EXISTS', message: 'A company is already registered for this account.' });
    expect((await getProfile(buyer.token)).company).toEqual(first.json().data.company);
    expect(await db.selectFrom('uploads').select('id').where('owner_user_id', '=', buyer.userId).execute()).toEqual(uploadsBefore);
  });

  it('refuses an unknown field or file field, and a body that is not multipart', async () => {
    const buyer = await signedInUser(app);
    const extra = await register(buyer.token, { ...companyFields(), status: 'approved' });
    expect(extra.statusCode).toBe(400);
    expect(errorOf(extra)).toMatchObject({ code: 'VALIDATION', field: 'status' });
    const extraFile = await register(buyer.token, companyFields(), [logoPart(), documentPart(), { field: 'avatar', filename: 'a.png', data: PNG }]);
    expect(extraFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(extraFile.statusCode).toBeLessThan(500);
    const json = await app.inject({ method: 'POST', url: '/v1/customer/company', headers: authHeaders(buyer.token), payload: companyFields() });
    expect(json.statusCode).toBe(415);
    await expectNothingStored(buyer.userId);
  });

  it('is for buyers only', async () => {
    const guest = await signInGuest(app);
    expect((await register(guest.token.accessToken, companyFields())).statusCode).toBe(403);
    const seller = await signedInUser(app, { type: 'seller' });
    expect((await register(seller.token, companyFields())).statusCode).toBe(403);
  });
});

describe('review by the store team', () => {
  const listCompanies = (token: string, query = '', language?: string) =>
    app.inject({ method: 'GET', url: `/v1/admin/companies${query}`, headers: authHeaders(token, language) });
  const review = (token: string, id: string, decision: object) => app.inject({ method: 'POST', url: `/v1/admin/companies/${id}/review`, headers: authHeaders(token), payload: decision });

  /** A buyer with a pending company, and the company's id. */
  async function pendingCompany(options: { language?: 'en' | 'es' | 'ar' | 'ms' } = {}) {
    const buyer = await signedInUser(app, options);
    const fields = companyFields();
    const response = await register(buyer.token, fields);
    expect(response.statusCode).toBe(200);
    return { buyer, fields, company: response.json().data.company as { id: string; logoUrl: string; documentUrl: string } };
  }

  it('lists pending applications with the applicant, newest first, a page at a time', async () => {
    const { buyer, company, fields } = await pendingCompany();
    const response = await listCompanies(owner.token);
    expect(response.statusCode).toBe(200);
    const { items, nextCursor } = response.json().data;
    expect(items[0]).toMatchObject({
      id: company.id,
      status: 'pending',
      registrationNumber: fields.registrationNumber,
      applicant: { id: buyer.userId, email: buyer.email, name: 'Test User', phone: `${buyer.countryCode}${buyer.phone}` },
    });
    expect(nextCursor).toBeNull();
    const first = (await listCompanies(owner.token, '?limit=1')).json().data;
    expect(first.items).toHaveLength(1);
    const second = (await listCompanies(owner.token, `?limit=1&cursor=${first.nextCursor}`)).json().data;
    expect(second.items[0].id).not.toBe(first.items[0].id);
  });

  it('pages through the whole queue with nextCursor, every application once', async () => {
    for (let i = 0; i < 3; i++) await pendingCompany();
    const everything = (await listCompanies(owner.token, '?limit=100')).json().data;
    expect(everything.nextCursor).toBeNull();
    const { ids, pages } = await collectPages(2, (cursor) => listCompanies(owner.token, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(ids).toEqual(everything.items.map((item: { id: string }) => item.id));
  });

  it('refuses an edited cursor, an old unsigned one and one from the seller queue, in the reader’s language', async () => {
    await pendingCompany();
    await pendingCompany();
    const cursor = (await listCompanies(owner.token, '?limit=1')).json().data.nextCursor as string;
    const { flipped, unsigned } = forgeCursors(cursor);
    // The seller queue's cursor: signed by the same server, for another list.
    await signUpSeller(app);
    await signUpSeller(app);
    const sellerCursor = (await app.inject({ method: 'GET', url: '/v1/admin/sellers?limit=1', headers: authHeaders(owner.token) })).json().data.nextCursor;
    expect(sellerCursor).toEqual(expect.any(String));
    for (const candidate of [flipped, unsigned, sellerCursor as string]) {
      const response = await listCompanies(owner.token, `?limit=1&cursor=${encodeURIComponent(candidate)}`);
      expect(response.statusCode, candidate).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'VALIDATION', field: 'query.cursor', message: CURSOR_INVALID.en });
    }
    const spanish = await listCompanies(owner.token, `?limit=1&cursor=${encodeURIComponent(unsigned)}`, 'es');
    expect(spanish.statusCode).toBe(400);
    expect(errorOf(spanish)).toEqual({ code: 'VALIDATION', field: 'query.cursor', message: CURSOR_INVALID.es });
    expect((await listCompanies(owner.token, `?limit=1&cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(200);
  });

  it('approves: the buyer may check out, and is told by e-mail', async () => {
    const { buyer, company } = await pendingCompany();
    const response = await review(owner.token, company.id, { decision: 'approve' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Company approved' });
    const profile = await getProfile(buyer.token);
    expect(profile).toMatchObject({ approvalStatus: 'approved', approvalMessage: null, canCheckout: true, buyerRole: 'distributor' });
    expect(profile.company).toMatchObject({ status: 'approved', rejectionReason: null, reviewedAt: expect.any(Number) });
    const mail = await waitForMessage(app, { recipient: buyer.email, template: 'company-approved' });
    expect(mail).toMatchObject({ channel: 'email', userId: buyer.userId, subject: 'Green Loom Trading & Co. is approved on Tessera' });

    const pending = (await listCompanies(owner.token)).json().data.items.map((item: { id: string }) => item.id);
    expect(pending).not.toContain(company.id);
    const approved = (await listCompanies(owner.token, '?status=approved')).json().data.items.map((item: { id: string }) => item.id);
    expect(approved).toContain(company.id);
  });

  it('writes the e-mail in the buyer’s language', async () => {
    const { buyer, company } = await pendingCompany({ language: 'es' });
    await review(owner.token, company.id, { decision: 'approve' });
    const mail = await waitForMessage(app, { recipient: buyer.email, template: 'company-approved' });
    expect(mail.language).toBe('es');
    expect(mail.subject).toBe('Green Loom Trading & Co. ha sido aprobada en Tessera');
  });

  it('rejects with a reason: the profile shows it, the buyer still may not check out, and is told by e-mail', async () => {
    const { buyer, company } = await pendingCompany();
    const reason = 'The commercial registration document is unreadable.';
    const response = await review(owner.token, company.id, { decision: 'reject', reason });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Company rejected' });
    const profile = await getProfile(buyer.token, 'ms');
    expect(profile).toMatchObject({ approvalStatus: 'rejected', approvalMessage: NOT_APPROVED.ms, canCheckout: false });
    expect(profile.company).toMatchObject({ status: 'rejected', rejectionReason: reason });
    const mail = await waitForMessage(app, { recipient: buyer.email, template: 'company-rejected' });
    expect(mail.body).toContain(reason);
  });

  it('lets a rejected buyer apply again, with the same registration number', async () => {
    const { buyer, company, fields } = await pendingCompany();
    await review(owner.token, company.id, { decision: 'reject', reason: 'Expired trade licence attached.' });
    const again = await register(buyer.token, companyFields({ registrationNumber: fields.registrationNumber, companyName: 'Green Loom Trading' }));
    expect(again.statusCode).toBe(200);
    const profile = again.json().data;
    expect(profile).toMatchObject({ approvalStatus: 'pending', canCheckout: false });
    expect(profile.company).toMatchObject({ companyName: 'Green Loom Trading', status: 'pending', rejectionReason: null });
    expect(profile.company.id).not.toBe(company.id);
    // The old application and its files are gone; the new one waits in the queue.
    expect(await db.selectFrom('companies').select('id').where('user_id', '=', buyer.userId).execute()).toEqual([{ id: profile.company.id }]);
    expect(await db.selectFrom('uploads').select('id').where('owner_user_id', '=', buyer.userId).execute()).toHaveLength(2);
    await expectStoreMatchesRows();
    const pending = (await listCompanies(owner.token)).json().data.items.map((item: { id: string }) => item.id);
    expect(pending).toContain(profile.company.id);
    // A pending or approved company still cannot be replaced.
    expect(errorOf(await register(buyer.token, companyFields())).code).toBe('COMPANY_EXISTS');
  });

  it('lets a rejected buyer correct the application and resubmit it keeping the files already sent, or replacing one', async () => {
    const { buyer, company, fields } = await pendingCompany();
    await review(owner.token, company.id, { decision: 'reject', reason: 'The address is incomplete.' });
    const kept = await db.selectFrom('companies').select(['logo_upload_id', 'document_upload_id']).where('id', '=', company.id).executeTakeFirstOrThrow();
    // Only the corrected address; no files: the rejected application's logo and document stay.
    const corrected = await register(buyer.token, { ...fields, headquartersAddress: 'Office 12, Bay Square 4, Business Bay, Dubai' }, []);
    expect(corrected.statusCode, corrected.body).toBe(200);
    const again = corrected.json().data.company;
    expect(again).toMatchObject({ status: 'pending', headquartersAddress: 'Office 12, Bay Square 4, Business Bay, Dubai', rejectionReason: null });
    const row = await db.selectFrom('companies').select(['logo_upload_id', 'document_upload_id']).where('id', '=', again.id).executeTakeFirstOrThrow();
    expect(row).toEqual(kept);
    expect((await app.inject({ method: 'GET', url: again.logoUrl, headers: authHeaders(buyer.token) })).statusCode).toBe(200);
    expect((await listCompanies(owner.token)).json().data.items.map((item: { id: string }) => item.id)).toContain(again.id);

    // Rejected again, resubmitted with a new document: the old document goes, the logo stays.
    await review(owner.token, again.id, { decision: 'reject', reason: 'The licence scan is unreadable.' });
    const third = await register(buyer.token, fields, [documentPart()]);
    expect(third.statusCode, third.body).toBe(200);
    const latest = await db.selectFrom('companies').select(['logo_upload_id', 'document_upload_id']).where('user_id', '=', buyer.userId).executeTakeFirstOrThrow();
    expect(latest.logo_upload_id).toBe(kept.logo_upload_id);
    expect(latest.document_upload_id).not.toBe(kept.document_upload_id);
    expect(await db.selectFrom('uploads').select('id').where('owner_user_id', '=', buyer.userId).execute()).toHaveLength(2);
    await expectStoreMatchesRows();
  });

  it('still needs both files from a buyer who never applied', async () => {
    const buyer = await signedInUser(app);
    const response = await register(buyer.token, companyFields(), [documentPart()]);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ field: 'logo', message: LOGO_INVALID.en });
  });

  it('refuses a second review with ALREADY_REVIEWED, a reject without a reason, and an unknown company', async () => {
    const { company } = await pendingCompany();
    const noReason = await review(owner.token, company.id, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason)).toMatchObject({ code: 'VALIDATION', field: 'reason' });
    expect((await review(owner.token, company.id, { decision: 'approve' })).statusCode).toBe(200);
    for (const decision of [{ decision: 'approve' }, { decision: 'reject', reason: 'Changed our mind.' }]) {
      const twice = await review(owner.token, company.id, decision);
      expect(twice.statusCode).toBe(409);
      expect(errorOf(twice)).toEqual({ code: 'ALREADY_REVIEWED', message: 'This application has already been reviewed.' });
    }
    expect((await review(owner.token, '0190aaaa-0000-7000-8000-000000000000', { decision: 'approve' })).statusCode).toBe(404);
  });

  it('lets a moderator review; a support member may list but not review; a buyer may do neither', async () => {
    const moderator = await signedInUser(app, { type: 'team', teamRole: 'moderator' });
    const support = await signedInUser(app, { type: 'team', teamRole: 'support' });
    const { buyer, company } = await pendingCompany();
    expect((await listCompanies(support.token)).statusCode).toBe(200);
    const bySupport = await review(support.token, company.id, { decision: 'approve' });
    expect(bySupport.statusCode).toBe(403);
    expect(errorOf(bySupport).code).toBe('FORBIDDEN');
    expect((await listCompanies(buyer.token)).statusCode).toBe(403);
    expect((await review(buyer.token, company.id, { decision: 'approve' })).statusCode).toBe(403);
    expect((await getProfile(buyer.token)).approvalStatus).toBe('pending');
    expect((await review(moderator.token, company.id, { decision: 'approve' })).statusCode).toBe(200);
    expect((await getProfile(buyer.token)).approvalStatus).toBe('approved');
  });

  it('serves the logo and the document to the owner and the team, and to nobody else', async () => {
    const { buyer, company } = await pendingCompany();
    const support = await signedInUser(app, { type: 'team', teamRole: 'support' });
    const other = await signedInUser(app);
    const guest = await signInGuest(app);
    for (const [url, type] of [
      [company.logoUrl, 'image/webp'],
      [company.documentUrl, 'application/pdf'],
    ] as const) {
      for (const token of [buyer.token, owner.token, support.token]) {
        const response = await app.inject({ method: 'GET', url, headers: authHeaders(token) });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(type);
      }
      // The logo was decoded and written anew: the bytes sent are never what is served.
      const logo = await app.inject({ method: 'GET', url: company.logoUrl, headers: authHeaders(buyer.token) });
      expect(logo.rawPayload.equals(PNG)).toBe(false);
      expect((await sharp(logo.rawPayload).metadata()).format).toBe('webp');
      for (const token of [other.token, guest.token.accessToken]) {
        expect((await app.inject({ method: 'GET', url, headers: authHeaders(token) })).statusCode).toBe(404);
      }
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('logs the team in at POST /v1/admin/login, and not a buyer', async () => {
    const member = await createUser(app, { type: 'team', teamRole: 'support' });
    expect(await login(app, member, TEAM_LOGIN)).toEqual(expect.any(String));
    const buyer = await createUser(app);
    const response = await app.inject({ method: 'POST', url: TEAM_LOGIN, payload: { email: buyer.email, password: buyer.password } });
    expect(errorOf(response).code).toBe('ACCOUNT_NOT_RECOGNISED');
  });
});
