import type { Kysely } from 'kysely';
import {
  type CertificationScheme,
  type Language,
  type TBrand,
  type TCategory,
  type TProductCard,
  type TProductDetail,
  type TSizeChart,
  type TSizeChartInput,
  sizeChartIn,
} from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import { NotFound } from '../../../lib/errors.js';
import { categoryPath, type Dictionary, discountPercent, loadCards, mediaUrl, parseJson, pickList, pickSpecs, pickText, stockState, toImage } from '../model/index.js';
import { countByCategory, type ListingIndex } from '../listing/index.js';

const RELATED_MAX = 12;

/** The product page, related products, the category tree and the brands, for buyers. */

/** The stored size chart with its headers in the reader's language (the seller's translations, else English). */
function readSizeChart(stored: string | null, language: Language): TSizeChart | null {
  const chart = parseJson<TSizeChartInput | null>(stored, null);
  return chart ? sizeChartIn(chart, language) : null;
}

export class ProductReadService {
  private readonly db: Kysely<Database>;
  private readonly dictionary: () => Promise<Dictionary>;
  private readonly index: () => Promise<ListingIndex>;

  constructor(deps: { db: Kysely<Database>; dictionary: () => Promise<Dictionary>; index: () => Promise<ListingIndex> }) {
    this.db = deps.db;
    this.dictionary = deps.dictionary;
    this.index = deps.index;
  }

  /** A published product by id or slug; anything else (draft, unpublished, unknown) is 404 alike. */
  async getProduct(options: { idOrSlug: string; language: Language; now?: number }): Promise<TProductDetail> {
    const { language } = options;
    const now = options.now ?? Date.now();
    const product = await this.db
      .selectFrom('products as p')
      .innerJoin('stores as s', 's.id', 'p.store_id')
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .selectAll('p')
      .select([
        's.store_alias_name', 's.store_name', 's.logo_web_upload_id', 's.logo_thumb_upload_id', 's.logo_mobile_upload_id', 's.country as store_country',
        's.city as store_city', 's.chat_user_id', 'b.name as brand_name',
      ])
      .where((eb) => eb.or([eb('p.id', '=', options.idOrSlug), eb('p.slug', '=', options.idOrSlug)]))
      .where('p.status', '=', 'published')
      .where('s.status', '=', 'approved')
      .executeTakeFirst();
    if (!product) throw NotFound();
    const [variants, materials, certifications, images, dictionary] = await Promise.all([
      this.db.selectFrom('product_variants').selectAll().where('product_id', '=', product.id).orderBy('sort').execute(),
      this.db.selectFrom('product_materials').select(['material', 'share']).where('product_id', '=', product.id).orderBy('share', 'desc').orderBy('material').execute(),
      this.db.selectFrom('certifications').selectAll().where('product_id', '=', product.id).orderBy('expires_at', 'desc').execute(),
      this.db.selectFrom('product_images').selectAll().where('product_id', '=', product.id).orderBy('position').execute(),
      this.dictionary(),
    ]);
    const title = pickText(product.title, language);
    const price = Number(product.price);
    const mrp = Math.max(Number(product.mrp), price);
    const money = (amount: number) => ({ amount, currency: product.currency });
    const liveSchemes = [...new Set(certifications.filter((c) => Number(c.expires_at) > now).map((c) => c.scheme as CertificationScheme))].sort();
    const path = categoryPath(dictionary, product.category_id).map((c) => ({ id: c.id, slug: c.slug, name: pickText(c.name, language) }));
    const category = path.at(-1) ?? { id: product.category_id, slug: '', name: '' };
    const sizes = [...new Set(variants.map((v) => v.size).filter((s): s is string => !!s))];
    const colours = [...new Set(variants.map((v) => v.colour).filter((c): c is string => !!c))].sort();
    const storeName = pickText(product.store_name, language);
    return {
      id: product.id,
      slug: product.slug,
      title,
      price: money(price),
      mrp: money(mrp),
      discountPercent: discountPercent(price, mrp),
      moq: product.moq,
      stockState: stockState(product.stock, product.restockable),
      rating: product.rating / 100,
      reviewCount: product.review_count,
      image: images[0] ? toImage(images[0], language, title) : null,
      colours,
      store: { id: product.store_id, storeAliasName: product.store_alias_name, storeName },
      brand: product.brand_id ? { id: product.brand_id, name: product.brand_name ?? '' } : null,
      originCountry: product.origin_country,
      certifications: liveSchemes,
      leadTimeDays: product.lead_time_days,
      description: pickText(product.description, language),
      highlights: pickList(product.highlights, language),
      specs: pickSpecs(product.specs, language),
      sizeChart: readSizeChart(product.size_chart, language),
      sizes,
      manufacturer: product.manufacturer,
      stock: product.stock,
      images: images.map((image) => toImage(image, language, title)),
      variants: variants.map((v) => {
        const variantPrice = Number(v.price ?? product.price);
        return {
          id: v.id,
          colour: v.colour,
          size: v.size,
          sku: v.sku,
          price: money(variantPrice),
          mrp: money(Math.max(Number(v.mrp ?? product.mrp), variantPrice)),
          stock: v.stock,
          stockState: stockState(v.stock, product.restockable),
        };
      }),
      provenance: {
        materials: materials.map((m) => ({ material: m.material as TProductDetail['provenance']['materials'][number]['material'], share: m.share })),
        certifications: certifications.map((c) => ({
          id: c.id,
          scheme: c.scheme as CertificationScheme,
          issuer: c.issuer,
          number: c.number,
          expiresAt: Number(c.expires_at),
          expired: Number(c.expires_at) <= now,
          evidenceUrl: mediaUrl(c.evidence_upload_id),
        })),
        originCountry: product.origin_country,
        originRegion: product.origin_region,
        makerName: product.maker_name,
        makerType: product.maker_type as TProductDetail['provenance']['makerType'],
        productionMethod: product.production_method as TProductDetail['provenance']['productionMethod'],
        leadTimeDays: product.lead_time_days,
      },
      category,
      categoryPath: path,
      seller: {
        id: product.store_id,
        storeAliasName: product.store_alias_name,
        storeName,
        logoImages: {
          logoImageweb: mediaUrl(product.logo_web_upload_id),
          logoImageThumb: mediaUrl(product.logo_thumb_upload_id),
          logoImageMobile: mediaUrl(product.logo_mobile_upload_id),
        },
        country: product.store_country,
        city: product.store_city,
        isomatricChatUserId: product.chat_user_id,
      },
      tags: parseJson<string[]>(product.tags, []),
      publishedAt: product.published_at === null ? null : Number(product.published_at),
      updatedAt: Number(product.updated_at),
    };
  }

  /** Up to 12 published products of the same category first, then of the same store, most popular first. */
  async related(options: { id: string; language: Language }): Promise<TProductCard[]> {
    const product = await this.db
      .selectFrom('products')
      .select(['id', 'category_id', 'store_id'])
      .where((eb) => eb.or([eb('id', '=', options.id), eb('slug', '=', options.id)]))
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (!product) throw NotFound();
    const pick = (column: 'category_id' | 'store_id', value: string) =>
      this.db
        .selectFrom('products')
        .select('id')
        .where(column, '=', value)
        .where('status', '=', 'published')
        .where('id', '<>', product.id)
        .orderBy('popularity', 'desc')
        .orderBy('id')
        .limit(RELATED_MAX)
        .execute();
    const [sameCategory, sameStore] = await Promise.all([pick('category_id', product.category_id), pick('store_id', product.store_id)]);
    const ids = [...new Set([...sameCategory, ...sameStore].map((r) => r.id))].slice(0, RELATED_MAX);
    return loadCards(this.db, ids, options.language);
  }

  /** The whole tree, depth first (parents before children, siblings by sort), with published product counts of each subtree. */
  async categories(options: { language: Language }): Promise<TCategory[]> {
    // Counted from the listing index: the same published set the listing filters, without a table scan.
    const [dictionary, index] = await Promise.all([this.dictionary(), this.index()]);
    const direct = countByCategory(index);
    const children = new Map<string | null, string[]>();
    for (const c of dictionary.categories.values()) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
    const out: TCategory[] = [];
    const seen = new Set<string>();
    const walk = (parent: string | null) => {
      for (const id of children.get(parent) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const c = dictionary.categories.get(id);
        if (!c) continue;
        out.push({
          id: c.id,
          parentId: c.parentId,
          slug: c.slug,
          name: pickText(c.name, options.language),
          imageUrl: mediaUrl(c.imageUploadId),
          productCount: c.subtree.reduce((sum, sub) => sum + (direct.get(sub) ?? 0), 0),
        });
        walk(id);
      }
    };
    walk(null);
    return out;
  }

  async brands(): Promise<TBrand[]> {
    const dictionary = await this.dictionary();
    return [...dictionary.brands.values()].map((b) => ({ id: b.id, slug: b.slug, name: b.name, logoUrl: mediaUrl(b.logoUploadId) }));
  }
}
