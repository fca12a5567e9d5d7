import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_UPLOAD_MAX_BYTES, type TSellerProduct } from '@tessera/contracts';
import { multipartBody } from '../../../test/roles.js';
import { gifImage, pdfDocument, textFile } from '../../../test/sample-files.js';
import { processProductImage } from './product-images.js';
import { call, createProduct, createSeller, createSellerCatalogApp, insertCategory, pictureBytes, productInput, uploadCount, uploadImages } from '../../../test/seller-catalog.js';

const { app } = await createSellerCatalogApp();
const categoryId = await insertCategory(app);
const seller = await createSeller(app);

const fetchMedia = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const idOf = (url: string) => url.split('/').at(-1) as string;

describe('processProductImage', () => {
  it('fits a large noisy photo into 1920 px and 0.6 MB in WebP, AVIF and JPEG, with a 100 px square thumbnail', async () => {
    const photo = await pictureBytes({ width: 3000, height: 2000, noise: true, format: 'png' });
    expect(photo.length).toBeGreaterThan(PRODUCT_IMAGE_MAX_BYTES);
    const out = await processProductImage(photo);
    for (const [buffer, format] of [
      [out.webp, 'webp'],
      [out.avif, 'heif'],
      [out.jpeg, 'jpeg'],
    ] as const) {
      const meta = await sharp(buffer).metadata();
      expect(meta.format).toBe(format);
      expect(buffer.length).toBeLessThanOrEqual(PRODUCT_IMAGE_MAX_BYTES);
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(1920);
      expect(meta.width / meta.height).toBeCloseTo(1.5, 1);
    }
    const thumb = await sharp(out.thumb).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 100, 100]);
  }, 120_000);

  it('keeps a smooth picture sharp: it is only shrunk to 1920 px, not squeezed', async () => {
    const out = await processProductImage(await pictureBytes({ width: 2400, height: 3200 }));
    expect([out.width, out.height]).toEqual([1440, 1920]);
    const meta = await sharp(out.webp).metadata();
    expect([meta.width, meta.height]).toEqual([1440, 1920]);
  }, 60_000);

  it('never enlarges a small picture', async () => {
    const out = await processProductImage(await pictureBytes({ width: 320, height: 200, format: 'webp' }));
    expect([out.width, out.height]).toEqual([320, 200]);
  });

  it('turns the picture upright and strips its metadata, GPS position included', async () => {
    // 400 × 200 pixels stored sideways: EXIF orientation 6 means "rotate 90° clockwise to view".
    const sideways = await sharp(await pictureBytes({ width: 400, height: 200 }))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 33/1 0/1' } })
      .toBuffer();
    const before = await sharp(sideways).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    expect(sideways.includes(Buffer.from('PhoneCam'))).toBe(true);
    const out = await processProductImage(sideways);
    expect([out.width, out.height]).toEqual([200, 400]);
    for (const buffer of [out.webp, out.jpeg, out.avif, out.thumb]) {
      const meta = await sharp(buffer).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(buffer.includes(Buffer.from('PhoneCam'))).toBe(false);
    }
  });

  it('refuses what is not an accepted image, by its bytes', async () => {
    const jpeg = await pictureBytes({ width: 300, height: 300, format: 'jpeg' });
    for (const bad of [Buffer.alloc(0), textFile(), gifImage(), jpeg.subarray(0, 400)]) {
      await expect(processProductImage(bad)).rejects.toMatchObject({ code: 'VALIDATION', messageKey: 'IMAGE_FORMAT_INVALID' });
    }
    await expect(processProductImage(Buffer.concat([jpeg, Buffer.alloc(PRODUCT_IMAGE_UPLOAD_MAX_BYTES)]))).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });
});

describe('POST /v1/seller/products/:id/images', () => {
  it('stores each picture as WebP, AVIF, JPEG and thumbnail, served from /media to the seller while a draft and to anyone once published', async () => {
    const product = await createProduct(app, seller, productInput(categoryId));
    const response = await uploadImages(app, seller.token, product.id, [
      { data: await pictureBytes({ width: 2600, height: 1300, format: 'jpeg' }), filename: 'wide.jpg', type: 'image/jpeg' },
      { data: await pictureBytes({ width: 200, height: 300 }), filename: 'tall.png' },
    ]);
    expect(response.statusCode).toBe(200);
    const images = (response.json().data as TSellerProduct).images;
    expect(images.map((i) => [i.width, i.height])).toEqual([
      [1920, 960],
      [200, 300],
    ]);
    const [wide] = images;
    if (!wide) throw new Error('no image');
    expect(wide.alt).toBe('Handwoven Pua Kumbu Throw');
    const files = [wide.url, wide.avifUrl as string, wide.fallbackUrl, wide.thumbUrl];
    // A draft's pictures are its seller's (and the team's) alone: anyone else gets 404, as for no file.
    for (const url of files) {
      expect((await fetchMedia(url)).statusCode).toBe(404);
      const own = await fetchMedia(url, { authorization: seller.token });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-cache');
      expect(own.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    expect((await call(app, seller.token, 'POST', `/v1/seller/products/${product.id}/publish`)).statusCode).toBe(200);
    for (const [url, type] of [
      [wide.url, 'image/webp'],
      [wide.avifUrl as string, 'image/avif'],
      [wide.fallbackUrl, 'image/jpeg'],
      [wide.thumbUrl, 'image/webp'],
    ] as const) {
      expect(url).toMatch(/^\/media\/[0-9a-f-]{36}$/);
      // Published by an approved store: anyone may fetch it, no token.
      const media = await fetchMedia(url);
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe(type);
      // A day, not a year: the product may be unpublished again.
      expect(media.headers['cache-control']).toBe('public, max-age=86400');
      expect(media.headers['x-content-type-options']).toBe('nosniff');
      expect(media.headers.etag).toBe(`"${createHash('sha256').update(media.rawPayload).digest('hex')}"`);
      expect(media.rawPayload.length).toBeLessThanOrEqual(PRODUCT_IMAGE_MAX_BYTES);
      const revalidated = await fetchMedia(url, { 'if-none-match': media.headers.etag as string });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
    }
    const thumb = await sharp((await fetchMedia(wide.thumbUrl)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([100, 100]);
  });

  it.each([
    ['a text file named .png', () => textFile(), 400, 'VALIDATION', 'Image format is not valid'],
    ['a GIF', () => gifImage(), 400, 'VALIDATION', 'Image format is not valid'],
    ['an empty file', () => Buffer.alloc(0), 400, 'VALIDATION', 'Image format is not valid'],
    ['a truncated JPEG', async () => (await pictureBytes({ width: 300, height: 300, format: 'jpeg' })).subarray(0, 500), 400, 'VALIDATION', 'Image format is not valid'],
    ['a file over 10 MB', async () => Buffer.concat([await pictureBytes({ width: 64, height: 64 }), Buffer.alloc(PRODUCT_IMAGE_UPLOAD_MAX_BYTES)]), 413, 'IMAGE_TOO_LARGE', 'The image is too large. Upload an image of at most 10 MB.'],
  ])('refuses %s with a clear message and stores nothing, even beside a good picture', async (_name, bytes, status, code, message) => {
    const product = await createProduct(app, seller, productInput(categoryId));
    const before = await uploadCount(app);
    const response = await uploadImages(app, seller.token, product.id, [
      { data: await pictureBytes({ width: 100, height: 100 }), filename: 'good.png' },
      { data: await bytes(), filename: 'photo.png' },
    ]);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ code, message, field: 'images' });
    expect(await uploadCount(app)).toBe(before);
    expect((await call(app, seller.token, 'GET', `/v1/seller/products/${product.id}`)).json().data.images).toEqual([]);
  });

  it('keeps at most 8 images per product', async () => {
    const product = await createProduct(app, seller, productInput(categoryId));
    const picture = { data: await pictureBytes({ width: 40, height: 40 }), filename: 'p.png' };
    expect((await uploadImages(app, seller.token, product.id, Array.from({ length: 6 }, () => picture))).statusCode).toBe(200);
    const before = await uploadCount(app);
    const tooMany = await uploadImages(app, seller.token, product.id, [picture, picture, picture]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ code: 'TOO_MANY_IMAGES', message: 'A product can have at most 8 images.', field: 'images' });
    expect(await uploadCount(app)).toBe(before);
    expect((await uploadImages(app, seller.token, product.id, [picture, picture])).json().data.images).toHaveLength(8);
    const other = await createProduct(app, seller, productInput(categoryId));
    const nine = await uploadImages(app, seller.token, other.id, Array.from({ length: 9 }, () => picture));
    expect(nine.json()).toEqual({ code: 'TOO_MANY_IMAGES', message: 'A product can have at most 8 images.', field: 'images' });
    expect(await uploadCount(app)).toBe(before + 8);
  });

  it('removes an image with its files, and reorders the rest', async () => {
    const product = await createProduct(app, seller, productInput(categoryId));
    const sizes = [40, 50, 60];
    let images: TSellerProduct['images'] = [];
    for (const size of sizes) {
      images = (await uploadImages(app, seller.token, product.id, [{ data: await pictureBytes({ width: size, height: size }), filename: 'p.png' }])).json().data.images;
    }
    expect(images.map((i) => i.width)).toEqual(sizes);
    const [first, second, third] = images as [TSellerProduct['images'][number], TSellerProduct['images'][number], TSellerProduct['images'][number]];

    const removed = await call(app, seller.token, 'DELETE', `/v1/seller/products/${product.id}/images/${second.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.images.map((i: { id: string }) => i.id)).toEqual([first.id, third.id]);
    for (const url of [second.url, second.avifUrl as string, second.fallbackUrl, second.thumbUrl]) {
      expect((await fetchMedia(url)).statusCode).toBe(404);
      expect(await app.db.kysely.selectFrom('uploads').select('id').where('id', '=', idOf(url)).executeTakeFirst()).toBeUndefined();
    }

    const reordered = await call(app, seller.token, 'PATCH', `/v1/seller/products/${product.id}/images/order`, { imageIds: [third.id, first.id] });
    expect(reordered.json().data.images.map((i: { id: string }) => i.id)).toEqual([third.id, first.id]);
    const partial = await call(app, seller.token, 'PATCH', `/v1/seller/products/${product.id}/images/order`, { imageIds: [third.id] });
    expect(partial.json()).toMatchObject({ code: 'VALIDATION', field: 'imageIds' });
    expect((await call(app, seller.token, 'DELETE', `/v1/seller/products/${product.id}/images/${second.id}`)).statusCode).toBe(404);
  });
});

describe('GET /media/:id', () => {
  it('serves only public uploads: a private upload and an unknown id are 404', async () => {
    const privateUpload = await app.services.uploads.save({ ownerId: seller.userId, purpose: 'company-document', data: await pictureBytes({ width: 20, height: 20 }), accept: ['image'], maxBytes: 1_000_000 });
    expect((await fetchMedia(`/media/${privateUpload.id}`)).statusCode).toBe(404);
    expect((await fetchMedia('/media/01234567-89ab-7def-8123-456789abcdef')).statusCode).toBe(404);
    expect((await fetchMedia(`/media/${'x'.repeat(65)}`)).statusCode).toBe(400);
  });
});

describe('POST /v1/seller/products/:id/certifications/:certId/evidence', () => {
  const pdf = () => pdfDocument();
  const send = async (productId: string, certId: string, data: Buffer, filename: string) => {
    const body = await multipartBody([{ name: 'evidence', data, filename, type: 'application/pdf' }]);
    return app.inject({
      method: 'POST',
      url: `/v1/seller/products/${productId}/certifications/${certId}/evidence`,
      headers: { authorization: seller.token, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('stores a PDF or an image as evidence (the seller sees it on the draft) and replaces the previous file', async () => {
    const product = await createProduct(app, seller, productInput(categoryId));
    const fetchMedia = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: seller.token } });
    const certId = product.certifications[0]?.id as string;
    const first = await send(product.id, certId, pdf(), 'gots.pdf');
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().data.certifications[0].evidenceUrl as string;
    expect(firstUrl).toMatch(/^\/media\//);
    const served = await fetchMedia(firstUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');

    const second = await send(product.id, certId, await pictureBytes({ width: 80, height: 60, format: 'jpeg' }), 'scan.jpg');
    const secondUrl = second.json().data.certifications[0].evidenceUrl as string;
    expect(secondUrl).not.toBe(firstUrl);
    // A picture is re-encoded: what is kept is a new WebP of its pixels.
    expect((await fetchMedia(secondUrl)).headers['content-type']).toBe('image/webp');
    expect((await fetchMedia(firstUrl)).statusCode).toBe(404);

    // Editing the product keeps the certificate and its evidence.
    const edited = await call(app, seller.token, 'PATCH', `/v1/seller/products/${product.id}`, { certifications: [{ id: certId, scheme: 'GOTS', issuer: 'Control Union', number: 'CU-1', expiresOn: '2029-12-31' }] });
    expect(edited.json().data.certifications[0].evidenceUrl).toBe(secondUrl);
    // Removing the certificate removes its evidence file.
    await call(app, seller.token, 'PATCH', `/v1/seller/products/${product.id}`, { certifications: [] });
    expect((await fetchMedia(secondUrl)).statusCode).toBe(404);
  });

  it('refuses a file that is neither an image nor a PDF, and an unknown certificate, storing nothing', async () => {
    const product = await createProduct(app, seller, productInput(categoryId));
    const certId = product.certifications[0]?.id as string;
    const before = await uploadCount(app);
    const text = await send(product.id, certId, textFile(), 'cert.pdf');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ code: 'EVIDENCE_FILE_INVALID', message: 'The evidence must be an image (JPEG, PNG, WebP or AVIF) or a PDF file.', field: 'evidence' });
    // A malformed id is refused as such (400); a well-formed one that names no certificate is not found.
    expect((await send(product.id, 'no-such-certificate', pdf(), 'cert.pdf')).statusCode).toBe(400);
    expect((await send(product.id, '01a21196-0000-7000-8000-000000000000', pdf(), 'cert.pdf')).statusCode).toBe(404);
    expect(await uploadCount(app)).toBe(before);
  });
});
