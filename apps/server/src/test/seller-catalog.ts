import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll } from 'vitest';
import type { TProductInput, TSellerProduct } from '@tessera/contracts';
import { newId } from '../lib/ids.js';
import { createTestApp } from './app.js';
import { createTeamMember, multipartBody, signUpSeller, type FilePart } from './roles.js';

/** Shared set-up of the seller catalog's tests (not a test file itself). */

/** An app on a fresh database with its uploads in a temporary directory. */
export async function createSellerCatalogApp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-seller-catalog-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const testApp = await createTestApp({ dataDir, signInRateLimitPerMinute: 1_000_000 });
  return { ...testApp, dataDir };
}

export interface TestSeller {
  userId: string;
  token: string;
  storeId: string;
}

/** A seller signed up through the API; approved by a team moderator unless `pending`. */
export async function createSeller(app: FastifyInstance, options: { pending?: boolean } = {}): Promise<TestSeller> {
  const seller = await signUpSeller(app);
  const store = await app.db.kysely.selectFrom('stores').select('id').where('seller_user_id', '=', seller.userId).executeTakeFirstOrThrow();
  if (!options.pending) {
    const moderator = await createTeamMember(app, 'moderator');
    await app.services.sellers.review({ storeId: store.id, reviewerId: moderator.userId, decision: { decision: 'approve' } });
  }
  return { userId: seller.userId, token: seller.token, storeId: store.id };
}

/** A category inserted directly (the admin API has its own tests). */
export async function insertCategory(app: FastifyInstance, name = 'Textiles'): Promise<string> {
  const id = newId();
  const now = Date.now();
  await app.db.kysely
    .insertInto('categories')
    .values({ id, parent_id: null, slug: `${name.toLowerCase()}-${id.slice(-8)}`, name: JSON.stringify({ en: name }), image_upload_id: null, sort: 0, created_at: now, updated_at: now })
    .execute();
  return id;
}

/** A complete, valid product input; override any field. */
export function productInput(categoryId: string, overrides: Partial<Record<keyof TProductInput, unknown>> & Record<string, unknown> = {}): TProductInput {
  return {
    title: { en: 'Handwoven Pua Kumbu Throw', es: 'Manta Pua Kumbu tejida a mano' },
    description: { en: 'A throw woven on a backstrap loom by Iban weavers.', es: 'Una manta tejida en telar de cintura.' },
    highlights: { en: ['Natural dyes', 'Fair wages'] },
    specs: [{ label: 'Weight', value: '900 g' }],
    sizeChart: null,
    manufacturer: 'Rumah Panjang Weavers',
    categoryId,
    brandId: null,
    currency: 'EUR',
    price: 12_000,
    mrp: 15_000,
    moq: 2,
    stock: 10,
    restockable: true,
    variants: [],
    materials: [
      { material: 'organic-cotton', share: 80 },
      { material: 'natural-dye', share: 20 },
    ],
    certifications: [{ scheme: 'GOTS', issuer: 'Control Union', number: 'CU-812345', expiresOn: '2030-06-30' }],
    originCountry: 'MY',
    originRegion: 'Sarawak',
    makerName: 'Rumah Panjang Weavers',
    makerType: 'cooperative',
    productionMethod: 'handloom',
    leadTimeDays: 21,
    tags: ['throw', 'ikat'],
    ...overrides,
  } as TProductInput;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A JSON request with the seller's token. */
export const call = (app: FastifyInstance, token: string | null, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...(token ? { authorization: token } : {}), ...headers } });

/** Creates a product through the API; fails the test when it is refused. */
export async function createProduct(app: FastifyInstance, seller: TestSeller, input: TProductInput): Promise<TSellerProduct> {
  const response = await call(app, seller.token, 'POST', '/v1/seller/products', input);
  if (response.statusCode !== 200) throw new Error(`create product: ${response.statusCode} ${response.body}`);
  return response.json().data as TSellerProduct;
}

/** A real picture of the given size: smooth gradients, or random noise (which compresses worst). */
export async function pictureBytes(options: { width: number; height: number; format?: 'png' | 'jpeg' | 'webp'; noise?: boolean }): Promise<Buffer> {
  const { width, height } = options;
  let image;
  if (options.noise) {
    const pixels = Buffer.alloc(width * height * 3);
    // A fixed pseudo-random sequence: the same "photo" on every run.
    let seed = 42;
    for (let i = 0; i < pixels.length; i++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      pixels[i] = seed >> 16;
    }
    image = sharp(pixels, { raw: { width, height, channels: 3 } });
  } else {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c2603b"/><stop offset="1" stop-color="#2f5fa7"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#e8c547"/></svg>`;
    image = sharp(Buffer.from(svg));
  }
  const format = options.format ?? 'png';
  return format === 'jpeg' ? image.jpeg({ quality: 95 }).toBuffer() : format === 'webp' ? image.webp().toBuffer() : image.png().toBuffer();
}

/** Uploads files to a product's images (multipart field "images" unless named otherwise). */
export async function uploadImages(app: FastifyInstance, token: string, productId: string, files: Array<Omit<FilePart, 'name'> & { name?: string }>): Promise<LightMyRequestResponse> {
  const body = await multipartBody(files.map((f) => ({ name: f.name ?? 'images', data: f.data, filename: f.filename, type: f.type ?? 'image/png' })));
  return app.inject({ method: 'POST', url: `/v1/seller/products/${productId}/images`, headers: { authorization: token, 'content-type': body.contentType }, payload: body.payload });
}

/** How many upload rows (and so stored files) the database holds. */
export async function uploadCount(app: FastifyInstance): Promise<number> {
  const row = await app.db.kysely.selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
