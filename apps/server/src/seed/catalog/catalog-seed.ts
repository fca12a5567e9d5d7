import type { Colour } from '@tessera/contracts';
import type { Insertable, Kysely } from 'kysely';
import { newId } from '../../lib/ids.js';
import type { SearchPort } from '../../modules/catalog/index.js';
import type { UploadsService } from '../../modules/uploads/index.js';
import type { Database } from '../../db/schema.js';
import { insertRows } from './bulk.js';
import { bannerSvg, productSvg, saveProductImage, savePublicWebp, type ImageSaver, type SeedImage } from './images.js';
import { buildProduct, type ProductContext, type ProductRows, type SeededStore } from './products.js';
import { buildReviewBuyers, buildReviewsOfChunk, type ReviewSeedContext } from './reviews.js';
import { DEMO_STORE_ALIAS, descriptionOf, STORES, storyOf, type StoreDef } from './stores.js';
import { BRANDS, CATEGORIES, LANGS, SPECIALITIES, type Text } from './vocabulary.js';

/** The demo catalog's seed: change it and every product changes (and the benchmarks with them). */
export const CATALOG_SEED = 20261122;
/** Pictures drawn per category (each in one of the category's colours), shared by its products. */
const IMAGES_PER_CATEGORY = 3;

export interface CatalogSeedOptions {
  db: Kysely<Database>;
  uploads: UploadsService;
  search?: SearchPort | undefined;
  /** How many products (1,500 for the demo; 100,000 or 1,000,000 for benchmarks). */
  products: number;
  /** How many stores; more than forty repeats the named makers with a number. Default 40. */
  stores?: number;
  /** The password hash every seeded seller signs in with (computed once by the caller). */
  passwordHash: string;
  /** Products per transaction. */
  chunkSize?: number;
  /**
   * Reviews per product on average, each with the delivered purchase it reviews (benchmarks: 10,
   * i.e. 1,000,000 reviews for 100,000 products). Default 0: the products keep their drawn ratings.
   */
  reviewsPerProduct?: number;
  /** Told after each chunk has committed. */
  onProgress?: (progress: { products: number; rows: number; reviews: number }) => void;
}

export interface CatalogSeedResult {
  products: number;
  reviews: number;
  rows: number;
  stores: number;
  timings: Record<string, number>;
}

const json = (value: unknown) => JSON.stringify(value);
const same = (name: string): Text => ({ en: name, es: name, ar: name, ms: name });

/**
 * Writes the catalog into a database that has none: specialities, categories, brands, the
 * stores with their sellers, pictures, menus, banners, then the products in chunks, each chunk
 * one transaction of multi-row inserts (memory stays flat however many products). The demo
 * seller's store (created by seed/demo.ts) is reused as the first maker.
 */
export async function seedCatalog(options: CatalogSeedOptions): Promise<CatalogSeedResult> {
  const { db } = options;
  const now = Date.now();
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const at = performance.now();
    timings[name] = Math.round(at - mark);
    mark = at;
  };

  // Reference data ------------------------------------------------------------------------
  const specialityIds = new Map(SPECIALITIES.map((s) => [s.slug, newId()]));
  const categoryIds = new Map<string, string>();
  const categoryRows: Insertable<Database['categories']>[] = [];
  CATEGORIES.forEach((category, sort) => {
    const id = newId();
    categoryIds.set(category.slug, id);
    categoryRows.push({ id, parent_id: null, slug: category.slug, name: json(category.name), image_upload_id: null, sort, created_at: now, updated_at: now });
    category.subcategories.forEach((sub, subSort) => {
      const subId = newId();
      categoryIds.set(sub.slug, subId);
      categoryRows.push({ id: subId, parent_id: id, slug: sub.slug, name: json(sub.name), image_upload_id: null, sort: subSort, created_at: now, updated_at: now });
    });
  });
  const brandIds = BRANDS.map(() => newId());

  // Stores: the forty named makers, then numbered copies for the benchmark catalogs.
  const storeCount = Math.max(options.stores ?? STORES.length, STORES.length);
  const demoStore = await db.selectFrom('stores').select(['id', 'seller_user_id']).where('store_alias_name', '=', DEMO_STORE_ALIAS).executeTakeFirst();
  const stores: Array<SeededStore & { userId: string; existing: boolean }> = [];
  for (let i = 0; i < storeCount; i++) {
    const base = STORES[i % STORES.length] as StoreDef;
    const copy = Math.floor(i / STORES.length);
    const def: StoreDef = copy ? { ...base, alias: `${base.alias}-${copy + 1}`, featured: false } : base;
    const existing = i === 0 && demoStore ? demoStore : undefined;
    const name: Text = { en: base.name.en, es: base.name.es ?? base.name.en, ar: base.name.ar ?? base.name.en, ms: base.name.ms ?? base.name.en };
    if (copy) for (const lang of LANGS) name[lang] = `${name[lang]} ${copy + 1}`;
    stores.push({ id: existing?.id ?? newId(), userId: existing?.seller_user_id ?? newId(), existing: !!existing, def, name, brandId: i % 3 === 2 ? null : (brandIds[i % brandIds.length] ?? null) });
  }
  // Pictures belong to the first maker: uploads need an owner, and these are shared by all.
  const ownerId = stores[0]?.userId as string;

  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'specialities', SPECIALITIES.map((s, sort) => ({ id: specialityIds.get(s.slug) as string, slug: s.slug, name: json(s.name), description: json(s.description), status: 1, sort, created_at: now, updated_at: now })));
    await insertRows(trx, 'categories', categoryRows.filter((c) => c.parent_id === null));
    await insertRows(trx, 'categories', categoryRows.filter((c) => c.parent_id !== null));
    await insertRows(trx, 'brands', BRANDS.map((name, sort) => ({ id: brandIds[sort] as string, slug: name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-'), name, logo_upload_id: null, sort, created_at: now, updated_at: now })));
    const fresh = stores.filter((s) => !s.existing);
    await insertRows(
      trx,
      'users',
      fresh.map((s, i) => ({
        id: s.userId,
        type: 'seller',
        email: `${s.def.alias}@makers.tessera.test`,
        first_name: s.name.en.split(' ')[0] ?? 'Maker',
        last_name: 'Maker',
        buyer_role: null,
        team_role: null,
        language: s.def.country === 'MX' || s.def.country === 'PE' ? 'es' : s.def.country === 'MA' ? 'ar' : s.def.country === 'MY' ? 'ms' : 'en',
        country_code: null,
        phone: null,
        password_hash: options.passwordHash,
        created_at: now - (storeCount - i) * 1000,
        updated_at: now,
      })),
    );
    const storyRows = stores.map((s) => {
      const specialityNames = s.def.specialities.map((slug) => (SPECIALITIES.find((x) => x.slug === slug) as { name: Text }).name);
      return { s, story: storyOf(s.def, s.name, specialityNames), description: descriptionOf(s.def, specialityNames) };
    });
    await insertRows(
      trx,
      'stores',
      storyRows
        .filter(({ s }) => !s.existing)
        .map(({ s, story, description }, i) => ({
          id: s.id,
          seller_user_id: s.userId,
          store_name: json(s.name),
          store_alias_name: s.def.alias,
          description: json(description),
          logo_web_upload_id: null,
          logo_thumb_upload_id: null,
          logo_mobile_upload_id: null,
          country: s.def.country,
          city: s.def.city,
          address: null,
          policies: json({}),
          // A store's chat user has the store's id (modules/chat).
          chat_user_id: s.id,
          status: 'approved',
          rejection_reason: null,
          reviewed_by: null,
          reviewed_at: now,
          created_at: now - (storeCount - i) * 1000,
          updated_at: now,
          story: json(story),
          featured: s.def.featured ? 1 : 0,
        })),
    );
    for (const { s, story } of storyRows.filter(({ s }) => s.existing)) {
      await trx.updateTable('stores').set({ story: json(story), featured: s.def.featured ? 1 : 0, updated_at: now }).where('id', '=', s.id).execute();
    }
    await insertRows(trx, 'store_specialities', stores.flatMap((s) => s.def.specialities.map((slug) => ({ store_id: s.id, speciality_id: specialityIds.get(slug) as string }))));
  });
  lap('reference');

  // Pictures ------------------------------------------------------------------------------
  const saver: ImageSaver = { uploads: options.uploads, ownerId };
  const images = new Map<string, Array<{ colour: Colour; image: SeedImage }>>();
  const jobs = CATEGORIES.flatMap((category) =>
    Array.from({ length: IMAGES_PER_CATEGORY }, (_, variant) => ({ category, variant, colour: category.colours[variant % category.colours.length] as Colour })),
  );
  // A few at a time: sharp encodes on its own threads, but two cores gain nothing from more.
  for (let i = 0; i < jobs.length; i += 4) {
    const done = await Promise.all(jobs.slice(i, i + 4).map(async (job) => ({ job, image: await saveProductImage(saver, productSvg(job.category.slug, job.colour, job.variant)) })));
    for (const { job, image } of done) {
      const list = images.get(job.category.slug) ?? [];
      list.push({ colour: job.colour, image });
      images.set(job.category.slug, list);
    }
  }
  const logoIds = await Promise.all(
    CATEGORIES.slice(0, 6).map(async (category, i) => {
      const svg = productSvg(category.slug, category.colours[1] ?? 'natural', i);
      const [web, mobile, thumb] = await Promise.all([savePublicWebp(saver, svg, 'store-logo', 400), savePublicWebp(saver, svg, 'store-logo', 200), savePublicWebp(saver, svg, 'store-logo', 100)]);
      return { web, mobile, thumb };
    }),
  );
  const banners = [
    { placement: 'hero', category: 'textiles', colours: ['indigo', 'natural', 'terracotta'] as Colour[], href: '/c/textiles', title: { en: 'Woven by hand, traceable to the maker', es: 'Tejido a mano, trazable hasta quien lo hizo', ar: 'منسوج يدويًا، ويمكن تتبّعه حتى صانعه', ms: 'Ditenun dengan tangan, boleh dijejak hingga ke pembuatnya' }, subtitle: { en: 'Textiles from forty makers in twelve countries', es: 'Textiles de cuarenta artesanos en doce países', ar: 'منسوجات من أربعين حرفيًا في اثني عشر بلدًا', ms: 'Tekstil daripada empat puluh pembuat di dua belas negara' } },
    { placement: 'hero', category: 'tableware-ceramics', colours: ['terracotta', 'white', 'blue'] as Colour[], href: '/search?certification=FAIR_TRADE', title: { en: 'Certified, and fairly made', es: 'Certificado y hecho con comercio justo', ar: 'معتمد ومصنوع بإنصاف', ms: 'Diperakui dan dibuat secara adil' }, subtitle: { en: 'Filter by GOTS, Fair Trade, FSC and more; expired certificates never count', es: 'Filtra por GOTS, Comercio Justo, FSC y más; los certificados caducados no cuentan', ar: 'صفِّ حسب GOTS والتجارة العادلة وFSC وغيرها؛ الشهادات المنتهية لا تُحتسب', ms: 'Tapis mengikut GOTS, Perdagangan Adil, FSC dan lain-lain; sijil tamat tempoh tidak dikira' } },
    { placement: 'hero', category: 'baskets-storage', colours: ['natural', 'yellow', 'brown'] as Colour[], href: '/makers', title: { en: 'Meet the makers', es: 'Conoce a los artesanos', ar: 'تعرّف على الحرفيين', ms: 'Kenali para pembuat' }, subtitle: { en: 'Basketry, pottery, weaving and more, from the people who do it', es: 'Cestería, alfarería, tejido y más, de quienes lo hacen', ar: 'صناعة السلال والفخار والنسيج وغيرها، من أصحابها', ms: 'Anyaman, tembikar, tenunan dan banyak lagi, daripada mereka yang membuatnya' } },
    { placement: 'strip', category: 'rugs-carpets', colours: ['red', 'natural'] as Colour[], href: '/c/rugs-carpets', title: { en: 'New: rugs from the Atlas', es: 'Novedad: alfombras del Atlas', ar: 'جديد: سجاد من الأطلس', ms: 'Baharu: permaidani dari Atlas' }, subtitle: { en: 'Hand-knotted wool, natural dyes', es: 'Lana anudada a mano, tintes naturales', ar: 'صوف معقود يدويًا وأصباغ طبيعية', ms: 'Bulu disimpul tangan, pewarna asli' } },
    { placement: 'strip', category: 'candles-wellbeing', colours: ['yellow', 'white'] as Colour[], href: '/search?inStock=1', title: { en: 'Ready to ship this week', es: 'Listo para enviar esta semana', ar: 'جاهز للشحن هذا الأسبوع', ms: 'Sedia dihantar minggu ini' }, subtitle: { en: 'In stock and ready to order', es: 'En stock y listo para pedir', ar: 'متوفر وجاهز للطلب', ms: 'Ada stok dan sedia untuk dipesan' } },
  ];
  const bannerImages = await Promise.all(banners.map((b) => (b.placement === 'hero' ? savePublicWebp(saver, bannerSvg(b.category, b.colours, 1600, 600), 'banner') : savePublicWebp(saver, bannerSvg(b.category, b.colours, 1200, 240), 'banner'))));
  lap('images');

  // Menus, banners, pictures of categories and stores ----------------------------------------
  await db.transaction().execute(async (trx) => {
    for (const category of CATEGORIES) {
      const image = images.get(category.slug)?.[0]?.image.webpId ?? null;
      const ids = [category.slug, ...category.subcategories.map((s) => s.slug)].map((slug) => categoryIds.get(slug) as string);
      await trx.updateTable('categories').set({ image_upload_id: image }).where('id', 'in', ids).execute();
    }
    for (let i = 0; i < logoIds.length; i++) {
      const logo = logoIds[i] as { web: string; mobile: string; thumb: string };
      const ids = stores.filter((_, n) => n % logoIds.length === i).map((s) => s.id);
      for (let start = 0; start < ids.length; start += 500) {
        await trx
          .updateTable('stores')
          .set({ logo_web_upload_id: logo.web, logo_mobile_upload_id: logo.mobile, logo_thumb_upload_id: logo.thumb })
          .where('id', 'in', ids.slice(start, start + 500))
          .execute();
      }
    }
    const menu: Insertable<Database['menu_items']>[] = [];
    const item = (kind: string, parentId: string | null, label: Text, linkType: string, linkValue: string, sort: number, imageId: string | null = null) => {
      const id = newId();
      menu.push({ id, menu: kind, parent_id: parentId, label: json(label), link_type: linkType, link_value: linkValue, image_upload_id: imageId, sort, created_at: now, updated_at: now });
      return id;
    };
    const parents: Array<[string, (typeof CATEGORIES)[number]]> = CATEGORIES.map((category, sort) => [
      item('mega', null, category.name, 'category', categoryIds.get(category.slug) as string, sort, images.get(category.slug)?.[0]?.image.thumbId ?? null),
      category,
    ]);
    BRANDS.forEach((name, sort) => item('brand', null, same(name), 'brand', brandIds[sort] as string, sort));
    stores.filter((s) => s.def.featured).forEach((s, sort) => item('store', null, s.name, 'store', s.id, sort));
    await insertRows(trx, 'menu_items', menu.splice(0));
    for (const [parentId, category] of parents) category.subcategories.forEach((sub, sort) => item('mega', parentId, sub.name, 'category', categoryIds.get(sub.slug) as string, sort));
    await insertRows(trx, 'menu_items', menu);
    await insertRows(
      trx,
      'banners',
      banners.map((b, sort) => ({ id: newId(), title: json(b.title), subtitle: json(b.subtitle), image_upload_id: bannerImages[sort] ?? null, href: b.href, placement: b.placement, sort, active: 1, starts_at: null, ends_at: null, created_at: now, updated_at: now })),
    );
  });
  lap('menus');

  // Products ------------------------------------------------------------------------------
  const storesByCategory = new Map<string, SeededStore[]>();
  for (const category of CATEGORIES) {
    const sellers = SPECIALITIES.filter((s) => s.categories.includes(category.slug)).map((s) => s.slug);
    storesByCategory.set(
      category.slug,
      stores.filter((s) => s.def.specialities.some((slug) => sellers.includes(slug))),
    );
  }
  const context: ProductContext = { seed: CATALOG_SEED, now, categoryIds, storesByCategory, images };
  const chunkSize = options.chunkSize ?? 500;
  const reviewContext = await prepareReviews(options, now, stores);
  lap('buyers');
  let rows = 0;
  let reviews = 0;
  for (let start = 0; start < options.products; start += chunkSize) {
    const built: ProductRows[] = [];
    for (let index = start; index < Math.min(options.products, start + chunkSize); index++) built.push(buildProduct(context, index));
    // Before the products are written: it sets their rating and review count from the reviews.
    const rated = buildReviewsOfChunk(reviewContext, built, start);
    await db.transaction().execute(async (trx) => {
      await insertRows(trx, 'products', built.map((p) => p.product));
      await insertRows(trx, 'product_variants', built.flatMap((p) => p.variants));
      await insertRows(trx, 'product_materials', built.flatMap((p) => p.materials));
      await insertRows(trx, 'certifications', built.flatMap((p) => p.certifications));
      await insertRows(trx, 'product_images', built.flatMap((p) => p.images));
      await insertRows(trx, 'product_facets', built.flatMap((p) => p.facets));
      await insertRows(trx, 'orders', rated.orders);
      await insertRows(trx, 'store_orders', rated.storeOrders);
      await insertRows(trx, 'order_lines', rated.lines);
      await insertRows(trx, 'reviews', rated.reviews);
      await insertRows(trx, 'product_review_stats', rated.stats);
    });
    reviews += rated.reviews.length;
    rows += built.reduce((sum, p) => sum + 1 + p.variants.length + p.materials.length + p.certifications.length + p.images.length + p.facets.length, 0);
    rows += rated.orders.length + rated.storeOrders.length + rated.lines.length + rated.reviews.length + rated.stats.length;
    options.onProgress?.({ products: Math.min(options.products, start + chunkSize), rows, reviews });
  }
  lap('products');

  await options.search?.reindexAll();
  lap('search');
  return { products: options.products, reviews, rows, stores: stores.length, timings };
}

/** The buyers who review (one per 25 reviews), written first; nothing when no reviews are asked. */
async function prepareReviews(options: CatalogSeedOptions, now: number, stores: Array<{ id: string; userId: string }>): Promise<ReviewSeedContext> {
  const perProduct = options.reviewsPerProduct ?? 0;
  const sellerOf = new Map(stores.map((s) => [s.id, s.userId]));
  if (perProduct <= 0) return { seed: CATALOG_SEED, now, perProduct: 0, buyers: [], moderatorId: null, sellerOf };
  const buyers = buildReviewBuyers({ seed: CATALOG_SEED, now, count: Math.max(100, Math.ceil((options.products * perProduct) / 25)), passwordHash: options.passwordHash });
  await options.db.transaction().execute((trx) => insertRows(trx, 'users', buyers));
  const moderator = await options.db.selectFrom('users').select('id').where('type', '=', 'team').orderBy('created_at').executeTakeFirst();
  return { seed: CATALOG_SEED, now, perProduct, buyers: buyers.map((b) => ({ id: b.id as string, language: b.language })), moderatorId: moderator?.id ?? null, sellerOf };
}
