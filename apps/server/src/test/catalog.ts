import type { FastifyInstance } from 'fastify';
import type { CertificationScheme, Colour, Material, Size } from '@tessera/contracts';
import { newId } from '../lib/ids.js';
import { deriveFacetRows } from '../modules/catalog/index.js';
import { signUpSeller, uniqueAlias } from './roles.js';

/**
 * Catalog fixtures for the read side's tests: stores, categories, brands and published products
 * written straight into the tables (with their facet rows and search index), so that listing,
 * product and search tests do not depend on the seller API. The seller API has its own tests.
 */

const now = () => Date.now();
const DAY = 86_400_000;

/** A seller signed up through the API whose store is approved (as the team would do). */
export async function createApprovedStore(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const seller = await signUpSeller(app, overrides);
  const store = await app.db.kysely.selectFrom('stores').select(['id', 'store_alias_name']).where('seller_user_id', '=', seller.userId).executeTakeFirstOrThrow();
  await app.db.kysely.updateTable('stores').set({ status: 'approved', reviewed_at: now() }).where('id', '=', store.id).execute();
  return { ...seller, storeId: store.id, alias: store.store_alias_name };
}

export async function createCategory(app: FastifyInstance, options: { slug?: string; name?: Record<string, string>; parentId?: string | null; sort?: number } = {}) {
  const id = newId();
  const slug = options.slug ?? uniqueAlias('cat');
  await app.db.kysely
    .insertInto('categories')
    .values({ id, parent_id: options.parentId ?? null, slug, name: JSON.stringify(options.name ?? { en: `Category ${slug}` }), image_upload_id: null, sort: options.sort ?? 0, created_at: now(), updated_at: now() })
    .execute();
  return { id, slug };
}

export async function createBrand(app: FastifyInstance, options: { slug?: string; name?: string } = {}) {
  const id = newId();
  const slug = options.slug ?? uniqueAlias('brand');
  await app.db.kysely.insertInto('brands').values({ id, slug, name: options.name ?? `Brand ${slug}`, logo_upload_id: null, sort: 0, created_at: now(), updated_at: now() }).execute();
  return { id, slug };
}

export interface TestProductOptions {
  storeId: string;
  categoryId: string;
  brandId?: string | null;
  title?: Record<string, string>;
  description?: Record<string, string>;
  price?: number;
  mrp?: number;
  stock?: number;
  restockable?: boolean;
  moq?: number;
  rating?: number;
  reviewCount?: number;
  popularity?: number;
  publishedAt?: number;
  status?: 'draft' | 'published' | 'unpublished';
  originCountry?: string;
  tags?: string[];
  /** Each variant may override price/MRP; stock defaults to 10. */
  variants?: Array<{ colour?: Colour | null; size?: Size | null; price?: number | null; mrp?: number | null; stock?: number }>;
  materials?: Array<{ material: Material; share: number }>;
  /** expiresInDays < 0 makes an expired certificate. */
  certifications?: Array<{ scheme: CertificationScheme; expiresInDays?: number }>;
}

/** A product with every derived row, published by default; returns its id and slug. */
export async function createProduct(app: FastifyInstance, options: TestProductOptions) {
  const id = newId();
  const slug = uniqueAlias('product');
  const createdAt = now();
  const variants = (options.variants ?? []).map((v, index) => ({
    id: newId(),
    product_id: id,
    colour: v.colour ?? null,
    size: v.size ?? null,
    sku: null,
    price: v.price ?? null,
    mrp: v.mrp ?? null,
    stock: v.stock ?? 10,
    sort: index,
  }));
  const basePrice = options.price ?? 2500;
  const baseMrp = options.mrp ?? basePrice;
  const price = variants.length ? Math.min(...variants.map((v) => v.price ?? basePrice)) : basePrice;
  const mrp = variants.length ? Math.min(...variants.map((v) => v.mrp ?? baseMrp)) : baseMrp;
  const stock = variants.length ? variants.reduce((sum, v) => sum + v.stock, 0) : (options.stock ?? 10);
  const materials = options.materials ?? [{ material: 'organic-cotton', share: 100 }];
  const certifications = (options.certifications ?? []).map((c) => ({
    id: newId(),
    product_id: id,
    scheme: c.scheme,
    issuer: 'Control Union',
    number: `CU-${Math.floor(Math.random() * 1e6)}`,
    expires_at: createdAt + (c.expiresInDays ?? 365) * DAY,
    evidence_upload_id: null,
    created_at: createdAt,
  }));
  const status = options.status ?? 'published';
  const db = app.db.kysely;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('products')
      .values({
        id,
        store_id: options.storeId,
        category_id: options.categoryId,
        brand_id: options.brandId ?? null,
        slug,
        title: JSON.stringify(options.title ?? { en: `Handwoven basket ${slug}` }),
        description: JSON.stringify(options.description ?? { en: 'Made by hand.' }),
        highlights: JSON.stringify({ en: ['Made by hand'] }),
        specs: JSON.stringify([{ label: 'Weight', value: '1 kg' }]),
        size_chart: null,
        manufacturer: 'Test Makers',
        currency: 'EUR',
        price,
        mrp,
        moq: options.moq ?? 1,
        stock,
        restockable: options.restockable === false ? 0 : 1,
        origin_country: options.originCountry ?? 'MY',
        origin_region: 'Sarawak',
        maker_name: 'Test Cooperative',
        maker_type: 'cooperative',
        production_method: 'handmade',
        lead_time_days: 14,
        tags: JSON.stringify(options.tags ?? []),
        rating: options.rating ?? 0,
        review_count: options.reviewCount ?? 0,
        popularity: options.popularity ?? 0,
        status,
        published_at: status === 'published' ? (options.publishedAt ?? createdAt) : null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
    if (variants.length) await trx.insertInto('product_variants').values(variants).execute();
    await trx
      .insertInto('product_materials')
      .values(materials.map((m) => ({ product_id: id, material: m.material, share: m.share })))
      .execute();
    if (certifications.length) await trx.insertInto('certifications').values(certifications).execute();
    const facets = deriveFacetRows({
      productId: id,
      originCountry: options.originCountry ?? 'MY',
      variants,
      materials,
      certifications: certifications.map((c) => ({ scheme: c.scheme, expiresAt: c.expires_at })),
    });
    if (facets.length) await trx.insertInto('product_facets').values(facets).execute();
    await app.services.catalog.search.reindex({ productIds: [id], trx });
  });
  await app.services.catalog.version.bump();
  return { id, slug };
}
