import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { LANGUAGES, compactSizeChart, compactSpec, type ProductStatus, type TProductInput } from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import { AppError, Invalid, InvalidField } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { deriveFacetRows } from '../model/index.js';
import type { SearchPort } from '../search/index.js';

/**
 * The one function that writes a product and every row derived from it — variants, materials,
 * certifications, facet rows and the search index — inside the caller's transaction. The seller
 * catalog and the demo seed both write through it, so the derived rows can never disagree with the
 * product. It checks the rules a schema cannot (shares add up to 100, MRP at least the price, the
 * category exists, variant and certificate ids belong to the product) before writing anything.
 */

export interface WriteProductOptions {
  trx: Transaction<Database>;
  search: SearchPort;
  storeId: string;
  /** The whole product as it must be after the write (an edit merges its patch first). */
  input: TProductInput;
  /** Set to edit that product (it must belong to storeId); unset to create one. */
  productId?: string | undefined;
  /** For a new product: its status (default 'draft'), and its id, slug and times when a seed wants them fixed. */
  status?: ProductStatus;
  newProductId?: string;
  slug?: string;
  now?: number;
  publishedAt?: number | null;
  /** Default true. A bulk seed passes false and calls SearchPort.reindexAll once at the end. */
  reindex?: boolean;
}

export interface WrittenProduct {
  productId: string;
  slug: string;
  /** Certificates removed by this write whose evidence uploads the caller should delete after commit. */
  orphanedUploadIds: string[];
}

const DAY_END_MS = 86_400_000 - 1;

/** "2027-03-31" → the last millisecond of that day, UTC; undefined for a date that does not exist. */
export function endOfDayUtc(date: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, day);
  const check = new Date(start);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return start + DAY_END_MS;
}

/** The inverse of endOfDayUtc, for reading a certificate back into the edit form. */
export const dayOf = (expiresAt: number): string => new Date(expiresAt).toISOString().slice(0, 10);

/** A URL slug from the English title and a short random suffix that keeps it unique. */
export function productSlug(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  const suffix = randomBytes(4).readUInt32BE(0).toString(36).padStart(6, '0').slice(-6);
  return base ? `${base}-${suffix}` : `product-${suffix}`;
}

function compactTexts(text: Partial<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(LANGUAGES.flatMap((l) => (text[l] ? [[l, text[l]]] : [])));
}

function compactLists(lists: Partial<Record<string, string[] | undefined>>): Record<string, string[]> {
  return Object.fromEntries(LANGUAGES.flatMap((l) => (lists[l]?.length ? [[l, lists[l]]] : [])));
}

interface CheckedVariant {
  id: string | undefined;
  colour: string | null;
  size: string | null;
  sku: string | null;
  price: number;
  mrp: number;
  stock: number;
}

/** The business rules of a product input; throws the first broken one, naming its field. */
function checkRules(input: TProductInput): { variants: CheckedVariant[]; certificates: Array<{ id: string | undefined; expiresAt: number }> } {
  if (input.mrp < input.price) throw new AppError('MRP_BELOW_PRICE', 'mrp');
  const seenMaterials = new Set<string>();
  let total = 0;
  input.materials.forEach((m, i) => {
    if (seenMaterials.has(m.material)) throw Invalid(`materials.${i}.material`, 'listed twice');
    seenMaterials.add(m.material);
    total += m.share;
  });
  if (total !== 100) throw new AppError('MATERIAL_SHARES_INVALID', 'materials');

  const seenOptions = new Set<string>();
  const seenIds = new Set<string>();
  const variants = input.variants.map((v, i) => {
    const key = `${v.colour ?? ''}\u0000${v.size ?? ''}`;
    if (seenOptions.has(key)) throw Invalid(`variants.${i}`, 'the same colour and size twice');
    seenOptions.add(key);
    if (v.id) {
      if (seenIds.has(v.id)) throw Invalid(`variants.${i}.id`, 'listed twice');
      seenIds.add(v.id);
    }
    // A variant without its own price takes the product's; both are stored explicitly so that the
    // product's price (the lowest of its variants) can never lose the price a variant inherited.
    const price = v.price ?? input.price;
    const mrp = v.mrp ?? Math.max(input.mrp, price);
    if (mrp < price) throw new AppError('MRP_BELOW_PRICE', `variants.${i}.mrp`);
    return { id: v.id, colour: v.colour, size: v.size, sku: v.sku ?? null, price, mrp, stock: v.stock };
  });

  const certificates = input.certifications.map((c, i) => {
    const expiresAt = endOfDayUtc(c.expiresOn);
    if (expiresAt === undefined) throw InvalidField(`certifications.${i}.expiresOn`, 'ENTER_VALID_DATE');
    return { id: c.id, expiresAt };
  });
  return { variants, certificates };
}

export async function writeProduct(options: WriteProductOptions): Promise<WrittenProduct> {
  const { trx, input, storeId } = options;
  const { variants, certificates } = checkRules(input);
  const now = options.now ?? Date.now();

  const category = await trx.selectFrom('categories').select('id').where('id', '=', input.categoryId).executeTakeFirst();
  if (!category) throw InvalidField('categoryId', 'ID_UNKNOWN');
  if (input.brandId) {
    const brand = await trx.selectFrom('brands').select('id').where('id', '=', input.brandId).executeTakeFirst();
    if (!brand) throw InvalidField('brandId', 'ID_UNKNOWN');
  }

  let productId: string;
  let slug: string;
  const existingVariantIds = new Set<string>();
  const existingCertificates = new Map<string, string | null>();
  if (options.productId) {
    const current = await trx.selectFrom('products').select(['id', 'slug']).where('id', '=', options.productId).where('store_id', '=', storeId).executeTakeFirst();
    if (!current) throw new AppError('NOT_FOUND');
    productId = current.id;
    slug = current.slug;
    for (const row of await trx.selectFrom('product_variants').select('id').where('product_id', '=', productId).execute()) existingVariantIds.add(row.id);
    const certRows = await trx.selectFrom('certifications').select(['id', 'evidence_upload_id']).where('product_id', '=', productId).execute();
    for (const row of certRows) existingCertificates.set(row.id, row.evidence_upload_id);
  } else {
    productId = options.newProductId ?? newId();
    slug = options.slug ?? productSlug(input.title.en ?? '');
  }
  variants.forEach((v, i) => {
    if (v.id && !existingVariantIds.has(v.id)) throw Invalid(`variants.${i}.id`, 'not a variant of this product');
  });
  certificates.forEach((c, i) => {
    if (c.id && !existingCertificates.has(c.id)) throw Invalid(`certifications.${i}.id`, 'not a certificate of this product');
  });

  const hasVariants = variants.length > 0;
  const price = hasVariants ? Math.min(...variants.map((v) => v.price)) : input.price;
  const mrp = hasVariants ? Math.min(...variants.map((v) => v.mrp)) : input.mrp;
  const stock = hasVariants ? variants.reduce((sum, v) => sum + v.stock, 0) : input.stock;
  const fields = {
    category_id: input.categoryId,
    brand_id: input.brandId,
    title: JSON.stringify(compactTexts(input.title)),
    description: JSON.stringify(compactTexts(input.description)),
    highlights: JSON.stringify(compactLists(input.highlights)),
    specs: JSON.stringify(input.specs.map(compactSpec)),
    size_chart: input.sizeChart ? JSON.stringify(compactSizeChart(input.sizeChart)) : null,
    manufacturer: input.manufacturer,
    currency: input.currency,
    price,
    mrp,
    moq: input.moq,
    stock,
    restockable: input.restockable ? 1 : 0,
    origin_country: input.originCountry,
    origin_region: input.originRegion,
    maker_name: input.makerName,
    maker_type: input.makerType,
    production_method: input.productionMethod,
    lead_time_days: input.leadTimeDays,
    tags: JSON.stringify([...new Set(input.tags)]),
    updated_at: now,
  };
  if (options.productId) {
    await trx.updateTable('products').set(fields).where('id', '=', productId).execute();
  } else {
    const status = options.status ?? 'draft';
    await trx
      .insertInto('products')
      .values({
        id: productId,
        store_id: storeId,
        slug,
        ...fields,
        status,
        published_at: options.publishedAt ?? (status === 'published' ? now : null),
        created_at: now,
      })
      .execute();
  }

  // Variants keep their ids (carts and sign-ups point at them); the rest are replaced.
  const keptVariantIds = variants.flatMap((v) => (v.id ? [v.id] : []));
  const dropVariants = [...existingVariantIds].filter((id) => !keptVariantIds.includes(id));
  if (dropVariants.length) await trx.deleteFrom('product_variants').where('id', 'in', dropVariants).execute();
  for (const [sort, v] of variants.entries()) {
    const row = { colour: v.colour, size: v.size, sku: v.sku, price: v.price, mrp: v.mrp, stock: v.stock, sort };
    if (v.id) await trx.updateTable('product_variants').set(row).where('id', '=', v.id).execute();
    else await trx.insertInto('product_variants').values({ id: newId(), product_id: productId, ...row }).execute();
  }

  await trx.deleteFrom('product_materials').where('product_id', '=', productId).execute();
  await trx
    .insertInto('product_materials')
    .values(input.materials.map((m) => ({ product_id: productId, material: m.material, share: m.share })))
    .execute();

  // Certificates keep their ids and evidence files; a removed certificate's evidence is orphaned.
  const keptCertificates = new Set(certificates.flatMap((c) => (c.id ? [c.id] : [])));
  const dropCertificates = [...existingCertificates.keys()].filter((id) => !keptCertificates.has(id));
  const orphanedUploadIds = dropCertificates.flatMap((id) => {
    const upload = existingCertificates.get(id);
    return upload ? [upload] : [];
  });
  if (dropCertificates.length) await trx.deleteFrom('certifications').where('id', 'in', dropCertificates).execute();
  for (const [i, c] of input.certifications.entries()) {
    const expiresAt = (certificates[i] as { expiresAt: number }).expiresAt;
    const row = { scheme: c.scheme, issuer: c.issuer, number: c.number, expires_at: expiresAt };
    if (c.id) await trx.updateTable('certifications').set(row).where('id', '=', c.id).execute();
    else await trx.insertInto('certifications').values({ id: newId(), product_id: productId, ...row, evidence_upload_id: null, created_at: now }).execute();
  }

  await trx.deleteFrom('product_facets').where('product_id', '=', productId).execute();
  const facets = deriveFacetRows({
    productId,
    originCountry: input.originCountry,
    variants,
    materials: input.materials,
    certifications: input.certifications.map((c, i) => ({ scheme: c.scheme, expiresAt: (certificates[i] as { expiresAt: number }).expiresAt })),
  });
  if (facets.length) await trx.insertInto('product_facets').values(facets).execute();

  // Image alt texts are the product's title in each language: they follow a renamed product.
  if (options.productId) await trx.updateTable('product_images').set({ alt: fields.title }).where('product_id', '=', productId).execute();

  if (options.reindex ?? true) await options.search.reindex({ productIds: [productId], trx });
  return { productId, slug, orphanedUploadIds };
}
