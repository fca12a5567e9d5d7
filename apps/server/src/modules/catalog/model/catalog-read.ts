import type { Kysely, Selectable } from 'kysely';
import type { Language, StockState, TImage, TProductCard, TSpec, TSpecInput, CertificationScheme } from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import type { ProductImagesTable } from '../catalog.tables.js';

/** Shared pieces of the buyers' read model: translated texts, media URLs, stock states and product cards. */

/** A translated JSON text in the language, else English, else any language it has. */
export function pickText(json: string | null | undefined, language: Language): string {
  if (!json) return '';
  let texts: Record<string, unknown>;
  try {
    texts = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const value = texts[language] ?? texts.en ?? Object.values(texts).find((v) => typeof v === 'string' && v);
  return typeof value === 'string' ? value : '';
}

/** A translated list (highlights) in the language, else English. */
export function pickList(json: string | null | undefined, language: Language): string[] {
  if (!json) return [];
  try {
    const lists = JSON.parse(json) as Record<string, unknown>;
    const value = lists[language] ?? lists.en;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** A product's specs in the language: each label and value translated where the seller translated it, else English. */
export function pickSpecs(json: string | null | undefined, language: Language): TSpec[] {
  return parseJson<TSpecInput[]>(json, []).map((spec) => {
    const own = language === 'en' ? undefined : spec.translations?.[language];
    return { label: own?.label || spec.label, value: own?.value || spec.value };
  });
}

export function parseJson<T>(json: string | null | undefined, fallback: T): T {
  if (!json) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

/** Public catalog files (uploads.public = 1) are served at /media/{id}. */
export const mediaUrl = (uploadId: string | null | undefined): string | null => (uploadId ? `/media/${encodeURIComponent(uploadId)}` : null);

export function stockState(stock: number, restockable: number | boolean): StockState {
  if (stock > 0) return 'in_stock';
  return restockable ? 'out_of_stock' : 'sold_out';
}

/** Whole percent off the MRP; derived, never stored. */
export const discountPercent = (price: number, mrp: number): number => (mrp > price && mrp > 0 ? Math.floor(((mrp - price) * 100) / mrp) : 0);

/** A product image row as the readers select it (every column but created_at). */
export type ImageRow = Omit<Selectable<ProductImagesTable>, 'created_at'>;

export function toImage(row: ImageRow, language: Language, fallbackAlt: string): TImage {
  return {
    id: row.id,
    url: mediaUrl(row.webp_upload_id) as string,
    avifUrl: mediaUrl(row.avif_upload_id),
    fallbackUrl: mediaUrl(row.fallback_upload_id) as string,
    thumbUrl: mediaUrl(row.thumb_upload_id) as string,
    width: row.width,
    height: row.height,
    alt: pickText(row.alt, language) || fallbackAlt,
  };
}

/**
 * Country names in the reader's language ("MY" → "Malaysia", "ماليزيا"). Each answer is kept: every
 * listing labels its origin facet's values, and asking ICU (or failing on an unknown code) for each
 * one costs as much as counting the facets.
 */
const regionNames = new Map<Language, { names: Intl.DisplayNames; known: Map<string, string> }>();
export function countryName(code: string, language: Language): string {
  let region = regionNames.get(language);
  if (!region) {
    region = { names: new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }), known: new Map() };
    regionNames.set(language, region);
  }
  let name = region.known.get(code);
  if (name === undefined) {
    try {
      name = region.names.of(code) ?? code;
    } catch {
      name = code;
    }
    // Codes come from product rows (a few hundred countries at most); a bound keeps odd input from growing it.
    if (region.known.size < 1000) region.known.set(code, name);
  }
  return name;
}

/**
 * Product cards for these ids, in the order given, in three queries (products with store and brand,
 * their first images, their colour and live certification facet rows). Unpublished ids are dropped.
 */
export async function loadCards(db: Kysely<Database>, ids: readonly string[], language: Language, now = Date.now()): Promise<TProductCard[]> {
  return (await loadTimedCards(db, ids, language, now)).map((timed) => timed.card);
}

/** A card, and until when it stays true: the moment its next live certificate expires (or never). */
export interface TimedCard {
  card: TProductCard;
  validUntil: number;
}

export async function loadTimedCards(db: Kysely<Database>, ids: readonly string[], language: Language, now = Date.now()): Promise<TimedCard[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [rows, images, facets] = await Promise.all([
    db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .select([
        'p.id', 'p.slug', 'p.title', 'p.currency', 'p.price', 'p.mrp', 'p.moq', 'p.stock', 'p.restockable', 'p.rating', 'p.review_count',
        'p.origin_country', 'p.lead_time_days', 's.id as store_id', 's.store_alias_name', 's.store_name', 'b.id as brand_id', 'b.name as brand_name',
      ])
      .where('p.id', 'in', list)
      .where('p.status', '=', 'published')
      .execute(),
    db
      .selectFrom('product_images')
      .select(['id', 'product_id', 'position', 'webp_upload_id', 'avif_upload_id', 'fallback_upload_id', 'thumb_upload_id', 'width', 'height', 'alt'])
      .where('product_id', 'in', list)
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('product_facets')
      .select(['product_id', 'facet', 'value', 'expires_at'])
      .where('product_id', 'in', list)
      .where('facet', 'in', ['colour', 'certification'])
      .execute(),
  ]);
  const firstImage = new Map<string, ImageRow>();
  for (const image of images) if (!firstImage.has(image.product_id)) firstImage.set(image.product_id, image);
  const colours = new Map<string, string[]>();
  const certifications = new Map<string, CertificationScheme[]>();
  const validUntil = new Map<string, number>();
  for (const f of facets) {
    if (f.facet === 'colour') push(colours, f.product_id, f.value);
    else if (f.expires_at === null || Number(f.expires_at) > now) {
      push(certifications, f.product_id, f.value as CertificationScheme);
      if (f.expires_at !== null) validUntil.set(f.product_id, Math.min(validUntil.get(f.product_id) ?? Number.POSITIVE_INFINITY, Number(f.expires_at)));
    }
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cards: TimedCard[] = [];
  for (const id of list) {
    const row = byId.get(id);
    if (!row) continue;
    const title = pickText(row.title, language);
    const image = firstImage.get(id);
    const price = Number(row.price);
    const mrp = Math.max(Number(row.mrp), price);
    const card: TProductCard = {
      id: row.id,
      slug: row.slug,
      title,
      price: { amount: price, currency: row.currency },
      mrp: { amount: mrp, currency: row.currency },
      discountPercent: discountPercent(price, mrp),
      moq: row.moq,
      stockState: stockState(row.stock, row.restockable),
      rating: row.rating / 100,
      reviewCount: row.review_count,
      image: image ? toImage(image, language, title) : null,
      colours: (colours.get(id) ?? []).sort(),
      store: { id: row.store_id, storeAliasName: row.store_alias_name, storeName: pickText(row.store_name, language) },
      brand: row.brand_id ? { id: row.brand_id, name: row.brand_name ?? '' } : null,
      originCountry: row.origin_country,
      certifications: (certifications.get(id) ?? []).sort(),
      leadTimeDays: row.lead_time_days,
    };
    cards.push({ card, validUntil: validUntil.get(id) ?? Number.POSITIVE_INFINITY });
  }
  return cards;
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
