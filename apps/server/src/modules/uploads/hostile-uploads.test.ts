import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_RULES, VALIDATION_MESSAGES, errorMessage } from '@tessera/contracts';
import { createBuyer, createTeamMember, multipartBody, type FilePart } from '../../test/roles.js';
import { call, createProduct, createSeller, createSellerCatalogApp, insertCategory, pictureBytes, productInput, uploadCount, type TestSeller } from '../../test/seller-catalog.js';
import { Slots } from './decode-slots.js';
import { plainPdf, pdfOpeningAtFirstPage, pdfWithEmbeddedFile, pdfWithJavaScript, pdfWithLaunch } from '../../test/hostile-pdfs.js';
import {
  gifJavaScriptPolyglot,
  gifWithScript,
  jpegThenHtml,
  pdfDocument,
  pdfHeaderThenHtml,
  pdfThenHtml,
  pngDeclaring,
  pngImage,
  pngThenHtml,
  pngThenSvg,
} from '../../test/sample-files.js';

/**
 * Issue #10 points 4 and 5, through the real routes: every upload path decodes and re-encodes
 * pictures, refuses decompression bombs from their header, checks PDFs by structure, and a file is
 * public only while the content it belongs to is.
 */

const { app } = await createSellerCatalogApp();
const categoryId = await insertCategory(app);
const moderator = await createTeamMember(app, 'moderator');
const en = VALIDATION_MESSAGES.en;

const multipart = async (url: string, token: string, parts: Array<FilePart | { name: string; value: string }>) => {
  const body = await multipartBody(parts);
  return app.inject({ method: 'POST', url, headers: { authorization: token, 'content-type': body.contentType }, payload: body.payload });
};

function companyFields(): Array<{ name: string; value: string }> {
  const fields = {
    role: 'retailer',
    companyName: 'Green Loom Trading',
    registrationNumber: `CR-${randomBytes(5).toString('hex')}`,
    registrationExpiry: '2099-12-31',
    headOfficeNumber: '+971 4 123 4567',
    headquartersAddress: 'Office 12, Business Bay, Dubai',
    countries: JSON.stringify(['AE']),
    cities: JSON.stringify(['Dubai']),
    contactName: 'Amira Haddad',
    contactMobile: '+971 50 123 4567',
    contactEmail: 'contact@greenloom.example',
  };
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

async function sellerWithProduct(options: { pending?: boolean } = {}) {
  const seller = await createSeller(app, options);
  const product = await createProduct(app, seller, productInput(categoryId));
  return { seller, product, certId: product.certifications[0]?.id as string };
}

interface Target {
  name: string;
  purpose: string;
  field: string;
  /** The answer to a file of the wrong kind or one that does not decode. */
  invalid: string;
  takesGif: boolean;
  takesPdf: boolean;
  send: (file: Buffer, filename?: string) => Promise<LightMyRequestResponse>;
}

const buyer = await createBuyer(app);
const { seller, product, certId } = await sellerWithProduct();

const TARGETS: Target[] = [
  {
    name: 'profile picture',
    purpose: 'profile-picture',
    field: 'picture',
    invalid: en.IMAGE_FORMAT_INVALID,
    takesGif: true,
    takesPdf: false,
    send: (data, filename = 'me.png') => multipart('/v1/customer/profile/picture', buyer.token, [{ name: 'picture', data, filename, type: 'image/png' }]),
  },
  {
    name: 'company logo',
    purpose: 'company-logo',
    field: 'logo',
    invalid: en.COMPANY_LOGO_INVALID,
    takesGif: true,
    takesPdf: false,
    // A new buyer each time: a registered company cannot register again.
    send: async (data, filename = 'logo.png') =>
      multipart('/v1/customer/company', (await createBuyer(app)).token, [
        ...companyFields(),
        { name: 'logo', data, filename, type: 'image/png' },
        { name: 'document', data: pdfDocument(), filename: 'registration.pdf', type: 'application/pdf' },
      ]),
  },
  {
    name: 'company document',
    purpose: 'company-document',
    field: 'document',
    invalid: en.COMPANY_DOCUMENT_INVALID,
    takesGif: false,
    takesPdf: true,
    send: async (data, filename = 'registration.pdf') =>
      multipart('/v1/customer/company', (await createBuyer(app)).token, [
        ...companyFields(),
        { name: 'logo', data: pngImage(4, 4), filename: 'logo.png', type: 'image/png' },
        { name: 'document', data, filename, type: 'application/pdf' },
      ]),
  },
  {
    name: 'certificate evidence',
    purpose: 'certificate-evidence',
    field: 'evidence',
    invalid: errorMessage('EVIDENCE_FILE_INVALID', 'en'),
    takesGif: false,
    takesPdf: true,
    send: (data, filename = 'gots.pdf') => multipart(`/v1/seller/products/${product.id}/certifications/${certId}/evidence`, seller.token, [{ name: 'evidence', data, filename, type: 'application/pdf' }]),
  },
  {
    name: 'store logo',
    purpose: 'store-logo',
    field: 'logo',
    invalid: en.IMAGE_FORMAT_INVALID,
    takesGif: true,
    takesPdf: false,
    send: (data, filename = 'logo.png') => multipart('/v1/seller/store/logo', seller.token, [{ name: 'logo', data, filename, type: 'image/png' }]),
  },
  {
    name: 'product image',
    purpose: 'product-image',
    field: 'images',
    invalid: en.IMAGE_FORMAT_INVALID,
    takesGif: false,
    takesPdf: false,
    send: (data, filename = 'photo.png') => multipart(`/v1/seller/products/${product.id}/images`, seller.token, [{ name: 'images', data, filename, type: 'image/png' }]),
  },
];

/** Sends a file that must be refused: 400 naming the field with `message`, and no file or row kept. */
async function expectRefused(target: Target, file: Buffer, message: string) {
  const before = await uploadCount(app);
  const response = await target.send(file);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ field: target.field, message });
  expect(await uploadCount(app)).toBe(before);
}

/** The newest upload kept for the target's purpose (ids are time-ordered). */
const lastUpload = (target: Target) =>
  app.db.kysely.selectFrom('uploads').select(['id', 'content_type']).where('purpose', '=', target.purpose).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe.each(TARGETS)('uploads of a $name', (target) => {
  it.each([
    ['a PNG header followed by HTML', pngThenHtml],
    ['a PNG header followed by SVG', pngThenSvg],
    ['a JPEG header followed by HTML', jpegThenHtml],
    ['a GIF/JavaScript polyglot', gifJavaScriptPolyglot],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
  ])('refuses %s with a translated 400 naming the field, storing nothing', async (_name, file) => {
    await expectRefused(target, file(), target.invalid);
  });

  it.each([
    ['a PNG declaring 65535 × 65535 pixels', () => pngDeclaring(65_535, 65_535)],
    ['a 20000 × 20000 PNG', () => pngDeclaring(20_000, 20_000)],
    ['a picture of 79 million pixels', () => pngDeclaring(8_900, 8_900)],
  ])('refuses %s from its header, before decoding it', async (_name, file) => {
    await expectRefused(target, file(), en.IMAGE_TOO_MANY_PIXELS);
  });

  it('keeps a real picture only as a new WebP of its pixels: nothing appended to it survives', async () => {
    const photo = Buffer.concat([await pictureBytes({ width: 64, height: 48, format: 'png' }), Buffer.from('<script>alert(document.domain)</script>')]);
    const response = await target.send(photo);
    expect(response.statusCode, response.body).toBe(200);
    const stored = await lastUpload(target);
    expect(stored.content_type).toBe('image/webp');
  });

  if (target.takesGif) {
    it('takes a GIF that carries a script, keeping only a WebP of its first frame', async () => {
      const response = await target.send(gifWithScript(), 'animated.gif');
      expect(response.statusCode, response.body).toBe(200);
      const row = await lastUpload(target);
      expect(row.content_type).toBe('image/webp');
      const served = await app.inject({ method: 'GET', url: `/v1/uploads/${row.id}`, headers: { authorization: moderator.token } });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.includes(Buffer.from('alert'))).toBe(false);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    });
  } else {
    it('refuses a GIF', async () => {
      await expectRefused(target, gifWithScript(), target.invalid);
    });
  }

  if (target.takesPdf) {
    it.each([
      ['runs JavaScript when opened', pdfWithJavaScript],
      ['launches a program', pdfWithLaunch],
      ['carries an embedded file', pdfWithEmbeddedFile],
      ['is a PDF header followed by HTML', async () => pdfHeaderThenHtml()],
      ['has HTML after its end', async () => pdfThenHtml()],
    ])('refuses a PDF that %s', async (_name, file) => {
      await expectRefused(target, await file(), en.PDF_NOT_ACCEPTED);
    });

    it('takes a plain PDF and one that opens at its first page, as sent', async () => {
      for (const pdf of [await plainPdf(), await pdfOpeningAtFirstPage()]) {
        const response = await target.send(pdf);
        expect(response.statusCode, response.body).toBe(200);
        const row = await lastUpload(target);
        expect(row.content_type).toBe('application/pdf');
      }
    });
  } else {
    it('refuses a PDF', async () => {
      await expectRefused(target, await plainPdf(), target.invalid);
    });
  }
});

describe('size limits, enforced while the body streams in', () => {
  it('refuses certificate evidence over its limit (the 9 MB PDF of the report) and keeps nothing', async () => {
    expect(UPLOAD_RULES['certificate-evidence'].maxBytes).toBe(5 * 1024 * 1024);
    const padded = Buffer.concat([pdfDocument(), Buffer.alloc(9 * 1024 * 1024)]);
    const before = await uploadCount(app);
    const evidence = TARGETS.find((t) => t.name === 'certificate evidence') as Target;
    const response = await evidence.send(padded);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'evidence' });
    expect(await uploadCount(app)).toBe(before);
  });

  it("answers a company logo over 2 MB with the seed's text, though the document beside it may be 5 MB", async () => {
    const logo = TARGETS.find((t) => t.name === 'company logo') as Target;
    await expectRefused(logo, Buffer.concat([pngImage(4, 4), Buffer.alloc(2 * 1024 * 1024)]), en.COMPANY_LOGO_INVALID);
  });
});

describe('who may read a file at /media/:id', () => {
  const media = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
  const evidenceOf = async (owner: TestSeller, productId: string, certificateId: string) => {
    const response = await multipart(`/v1/seller/products/${productId}/certifications/${certificateId}/evidence`, owner.token, [
      { name: 'evidence', data: await plainPdf(), filename: 'gots.pdf', type: 'application/pdf' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.certifications[0].evidenceUrl as string;
  };
  const imageOf = async (owner: TestSeller, productId: string) => {
    const response = await multipart(`/v1/seller/products/${productId}/images`, owner.token, [
      { name: 'images', data: await pictureBytes({ width: 40, height: 40 }), filename: 'a.png', type: 'image/png' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.images[0].url as string;
  };

  it("does not publish a rejected seller's files: only the seller and the team read them", async () => {
    const rejected = await sellerWithProduct({ pending: true });
    await app.services.sellers.review({ storeId: rejected.seller.storeId, reviewerId: moderator.userId, decision: { decision: 'reject', reason: 'Documents unreadable' } });
    const urls = [await evidenceOf(rejected.seller, rejected.product.id, rejected.certId), await imageOf(rejected.seller, rejected.product.id)];
    const stranger = await createSeller(app);
    for (const url of urls) {
      expect((await media(url)).statusCode).toBe(404);
      expect((await media(url, buyer.token)).statusCode).toBe(404);
      expect((await media(url, stranger.token)).statusCode).toBe(404);
      expect((await media(url, 'Bearer not-a-token')).statusCode).toBe(404);
      const own = await media(url, rejected.seller.token);
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-cache');
      expect((await media(url, moderator.token)).statusCode).toBe(200);
    }
    // The web app's <img> sends the token cookie instead of a header.
    const cookie = await app.inject({ method: 'GET', url: urls[1] as string, cookies: { token: rejected.seller.token } });
    expect(cookie.statusCode).toBe(200);
  });

  it('publishes a product’s files with the product, and withdraws them when it is unpublished or the store is rejected', async () => {
    const approved = await sellerWithProduct();
    const urls = [await evidenceOf(approved.seller, approved.product.id, approved.certId), await imageOf(approved.seller, approved.product.id)];
    for (const url of urls) expect((await media(url)).statusCode).toBe(404);

    expect((await call(app, approved.seller.token, 'POST', `/v1/seller/products/${approved.product.id}/publish`)).statusCode).toBe(200);
    for (const url of urls) {
      const answer = await media(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    }

    expect((await call(app, approved.seller.token, 'POST', `/v1/seller/products/${approved.product.id}/unpublish`)).statusCode).toBe(200);
    for (const url of urls) expect((await media(url)).statusCode).toBe(404);

    expect((await call(app, approved.seller.token, 'POST', `/v1/seller/products/${approved.product.id}/publish`)).statusCode).toBe(200);
    await app.db.kysely.updateTable('stores').set({ status: 'rejected' }).where('id', '=', approved.seller.storeId).execute();
    for (const url of urls) {
      expect((await media(url)).statusCode).toBe(404);
      expect((await media(url, approved.seller.token)).statusCode).toBe(200);
    }
  });

  it("shows a store's logo to everyone only once the store is approved", async () => {
    const pending = await createSeller(app, { pending: true });
    const response = await multipart('/v1/seller/store/logo', pending.token, [{ name: 'logo', data: await pictureBytes({ width: 300, height: 300 }), filename: 'logo.png', type: 'image/png' }]);
    expect(response.statusCode, response.body).toBe(200);
    const store = await app.db.kysely.selectFrom('stores').select(['logo_web_upload_id', 'logo_thumb_upload_id']).where('id', '=', pending.storeId).executeTakeFirstOrThrow();
    const urls = [store.logo_web_upload_id, store.logo_thumb_upload_id].map((id) => `/media/${id}`);
    for (const url of urls) expect((await media(url)).statusCode).toBe(404);
    await app.services.sellers.review({ storeId: pending.storeId, reviewerId: moderator.userId, decision: { decision: 'approve' } });
    for (const url of urls) expect((await media(url)).statusCode).toBe(200);
  });
});

describe('decode slots', () => {
  it('run at most their size at once and hand each freed slot to the next in line, in order', async () => {
    const slots = new Slots(2);
    const releases: Array<() => void> = [];
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const tasks = [0, 1, 2, 3, 4].map((n) =>
      slots.run(async () => {
        started.push(n);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return n;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(slots.load).toEqual({ running: 2, waiting: 3 });
    while (started.length < 5 || releases.length > 0) {
      const release = releases.shift();
      if (!release) {
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });
});
