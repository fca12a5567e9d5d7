import { CERTIFICATION_NAMES, catalogLabel, type CertificationScheme, type Colour, type Material, type Size, type TSpecInput } from '@tessera/contracts';
import type { Insertable } from 'kysely';
import { newId } from '../../lib/ids.js';
import { deriveFacetRows } from '../../modules/catalog/index.js';
import type { Database } from '../../db/schema.js';
import type { SeedImage } from './images.js';
import { prngFor, type Prng } from './prng.js';
import { countryName, type StoreDef } from './stores.js';
import {
  ADJECTIVES,
  CATEGORIES,
  CATEGORY_METHODS,
  CERTIFICATE_ISSUERS,
  DESIGN_NAMES,
  LANGS,
  MAKER_TYPE_NAMES,
  MATERIAL_NAMES,
  METHOD_SENTENCES,
  type CategoryDef,
  type Text,
} from './vocabulary.js';

/** One product with every row that belongs to it, ready for the bulk insert. */
export interface ProductRows {
  product: Insertable<Database['products']>;
  variants: Insertable<Database['product_variants']>[];
  materials: Insertable<Database['product_materials']>[];
  certifications: Insertable<Database['certifications']>[];
  images: Insertable<Database['product_images']>[];
  facets: Insertable<Database['product_facets']>[];
}

export interface SeededStore {
  id: string;
  def: StoreDef;
  name: Text;
  brandId: string | null;
}

/** What products are built from: ids of the rows already written, and the shared pictures. */
export interface ProductContext {
  seed: number;
  now: number;
  /** Leaf category id by slug. */
  categoryIds: Map<string, string>;
  /** Stores selling each top category. */
  storesByCategory: Map<string, SeededStore[]>;
  /** Pictures of each top category, with the colour they show. */
  images: Map<string, Array<{ colour: Colour; image: SeedImage }>>;
}

const DAY = 86_400_000;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const titleCase = (s: string) => s.replace(/(^|[\s-])(\p{Ll})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
const slugify = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Price of a base variant: whole 50-cent steps. */
const priceIn = (prng: Prng, [min, max]: [number, number]) => prng.int(min / 50, max / 50) * 50;

function materialsOf(prng: Prng, category: CategoryDef, main: Material): Array<{ material: Material; share: number }> {
  const roll = prng.next();
  if (roll < 0.45) return [{ material: main, share: 100 }];
  const others = category.secondary.filter((m) => m !== main);
  const second = prng.pick(others);
  const mainShare = prng.int(12, 18) * 5;
  if (roll < 0.85 || others.length < 2) return [{ material: main, share: mainShare }, { material: second, share: 100 - mainShare }];
  const third = prng.pick(others.filter((m) => m !== second));
  const secondShare = Math.max(5, Math.floor((100 - mainShare) / 10) * 5);
  if (mainShare + secondShare >= 100) return [{ material: main, share: mainShare }, { material: second, share: 100 - mainShare }];
  return [
    { material: main, share: mainShare },
    { material: second, share: secondShare },
    { material: third, share: 100 - mainShare - secondShare },
  ];
}

/** The specs every demo product lists, in the four languages (a seller may translate each label and value). */
const SPEC_LABELS = {
  material: { en: 'Material', es: 'Material', ar: 'الخامة', ms: 'Bahan' },
  origin: { en: 'Origin', es: 'Origen', ar: 'المنشأ', ms: 'Asal' },
  production: { en: 'Production', es: 'Producción', ar: 'طريقة الإنتاج', ms: 'Pengeluaran' },
  leadTime: { en: 'Lead time', es: 'Plazo de preparación', ar: 'مدة التجهيز', ms: 'Tempoh penyediaan' },
  care: { en: 'Care', es: 'Cuidado', ar: 'العناية', ms: 'Penjagaan' },
} satisfies Record<string, Text>;
const CARE: Text[] = [
  { en: 'Hand wash cold', es: 'Lavar a mano en frío', ar: 'يُغسل يدويًا بماء بارد', ms: 'Basuh tangan dengan air sejuk' },
  { en: 'Wipe clean with a damp cloth', es: 'Limpiar con un paño húmedo', ar: 'يُمسح بقطعة قماش رطبة', ms: 'Lap dengan kain lembap' },
  { en: 'Machine wash 30 °C', es: 'Lavar a máquina a 30 °C', ar: 'يُغسل في الغسالة على 30 °م', ms: 'Basuh mesin pada 30 °C' },
  { en: 'Keep dry, dust gently', es: 'Mantener seco y quitar el polvo con suavidad', ar: 'يُحفظ جافًا ويُزال عنه الغبار برفق', ms: 'Pastikan kering, bersihkan habuk perlahan-lahan' },
  { en: 'Air out in the shade', es: 'Airear a la sombra', ar: 'يُهوّى في الظل', ms: 'Anginkan di tempat teduh' },
];
const spec = (label: Text, value: Text): TSpecInput => ({
  label: label.en,
  value: value.en,
  translations: { es: { label: label.es, value: value.es }, ar: { label: label.ar, value: value.ar }, ms: { label: label.ms, value: value.ms } },
});

const materialLine = (materials: Array<{ material: Material; share: number }>, lang: keyof Text): string => {
  const percent = (share: number) => (lang === 'es' ? `${share} %` : lang === 'ar' ? `${share}٪` : `${share}%`);
  return materials.map((m) => `${percent(m.share)} ${MATERIAL_NAMES[m.material][lang]}`).join(lang === 'ar' ? '، ' : ', ');
};

function sizeChartOf(kind: CategoryDef['sizeChart'], sizes: readonly Size[]): string | null {
  if (kind === 'apparel') {
    const chest: Record<string, [number, number]> = { XXS: [78, 64], XS: [84, 66], S: [90, 68], M: [96, 70], L: [102, 72], XL: [108, 74], XXL: [114, 76], '3XL': [120, 78] };
    return JSON.stringify({ columns: ['Size', 'Chest (cm)', 'Length (cm)'], rows: sizes.map((s) => [s, String(chest[s]?.[0] ?? ''), String(chest[s]?.[1] ?? '')]) });
  }
  if (kind === 'rug') return JSON.stringify({ columns: ['Size', 'Width (cm)', 'Length (cm)'], rows: sizes.map((s) => [s, ...s.split('x')]) });
  return null;
}

/**
 * Product number `index` of the catalog: the same index always gives the same product (texts,
 * prices, stock, provenance), whatever the catalog's size.
 */
export function buildProduct(context: ProductContext, index: number): ProductRows {
  const prng = prngFor(context.seed, index);
  const category = CATEGORIES[index % CATEGORIES.length] as CategoryDef;
  const sub = prng.pick(category.subcategories);
  const noun = prng.pick(sub.nouns);
  const adjective = ADJECTIVES[prng.pick(category.adjectives)];
  const main = prng.pick(category.materials);
  const design = prng.pick(DESIGN_NAMES);
  const store = prng.pick(context.storesByCategory.get(category.slug) ?? []);
  const id = newId();
  const def = store.def;

  const m = MATERIAL_NAMES[main];
  const title: Text = {
    en: `${design.latin} ${adjective.en} ${titleCase(m.en)} ${noun.en}`,
    es: `${noun.es[0]} ${adjective.es[noun.es[1] === 'm' ? 0 : 1]} de ${m.es} ${design.latin}`,
    ar: `${noun.ar[0]} ${adjective.ar[noun.ar[1] === 'm' ? 0 : 1]} من ${m.ar} ${design.ar}`,
    ms: `${noun.ms} ${titleCase(m.ms)} ${adjective.ms} ${design.latin}`,
  };

  const materials = materialsOf(prng, category, main);
  const colours = prng.sample(category.colours, prng.int(1, 3));
  const sizes: readonly Size[] = sub.sizes.length > 2 && prng.chance(0.3) ? sub.sizes.slice(0, sub.sizes.length - 1) : sub.sizes;
  const basePrice = priceIn(prng, category.price);
  const discount = prng.chance(0.35) ? prng.pick([10, 15, 20, 25, 30, 40]) : 0;
  const baseMrp = discount ? Math.round(basePrice / (1 - discount / 100) / 50) * 50 : basePrice;
  const sizeStep = Math.max(100, Math.round((basePrice * 0.15) / 50) * 50);

  const roll = prng.next();
  const stockState = roll < 0.06 ? 'out_of_stock' : roll < 0.09 ? 'sold_out' : 'in_stock';
  const variants: ProductRows['variants'] = [];
  for (const colour of colours) {
    sizes.forEach((size, sizeIndex) => {
      // Larger sizes cost more; a few colours (dyed with costlier dyes) do too.
      const colourExtra = colour === 'indigo' || colour === 'gold' ? sizeStep : 0;
      const extra = (sub.sizes.length > 1 && size !== 'ONE SIZE' ? sizeIndex * sizeStep : 0) + colourExtra;
      const stock = stockState === 'in_stock' ? (prng.chance(0.1) ? 0 : prng.int(3, 240)) : 0;
      variants.push({
        id: newId(),
        product_id: id,
        colour,
        size: size === 'ONE SIZE' && sub.sizes.length === 1 && prng.chance(0.5) ? null : size,
        sku: `${def.alias.slice(0, 4).toUpperCase()}-${index.toString(36).toUpperCase()}-${variants.length + 1}`,
        price: extra ? basePrice + extra : null,
        mrp: extra ? baseMrp + extra : null,
        stock,
        sort: variants.length,
      });
    });
  }
  if (stockState === 'in_stock' && variants.every((v) => v.stock === 0) && variants[0]) variants[0].stock = prng.int(5, 60);
  const price = Math.min(...variants.map((v) => v.price ?? basePrice));
  const mrp = Math.min(...variants.map((v) => v.mrp ?? baseMrp));
  const stock = variants.reduce((sum, v) => sum + v.stock, 0);

  const schemes = prng.chance(0.72) ? prng.sample(category.certifications, prng.chance(0.3) ? 2 : 1) : [];
  const certifications = schemes.map((scheme: CertificationScheme) => {
    const issuer = CERTIFICATE_ISSUERS[scheme];
    const days = prng.chance(0.15) ? -prng.int(1, 400) : prng.int(30, 1100);
    return {
      id: newId(),
      product_id: id,
      scheme,
      issuer: prng.pick(issuer.issuers),
      number: `${issuer.prefix}-${prng.int(100000, 999999)}`,
      expires_at: Math.floor(context.now / DAY) * DAY + days * DAY,
      evidence_upload_id: null,
      created_at: context.now,
    };
  });
  const validSchemes = certifications.filter((c) => c.expires_at > context.now).map((c) => c.scheme);

  const method = prng.pick(CATEGORY_METHODS[category.slug] ?? ['handmade']);
  const leadTime = prng.int(1, 9) * 7;
  const moq = prng.pick([1, 1, 2, 5, 10, 12, 20, 24, 50]);
  const makerType = MAKER_TYPE_NAMES[def.makerType] as Text;
  const makerName = store.name.en;
  const place = (lang: keyof Text) => `${def.region}${lang === 'ar' ? '،' : ','} ${countryName(def.country, lang)}`;
  const methodSentence = METHOD_SENTENCES[method] as Text;
  const description: Text = {
    en: `${methodSentence.en} Materials: ${materialLine(materials, 'en')}. Made by ${makerName}, a ${makerType.en} in ${place('en')}. Ready to ship in ${leadTime} days; minimum order ${moq}.`,
    es: `${methodSentence.es} Materiales: ${materialLine(materials, 'es')}. Elaborado por ${makerName}, ${makerType.es} de ${place('es')}. Listo para enviar en ${leadTime} días; pedido mínimo: ${moq}.`,
    ar: `${methodSentence.ar} المواد: ${materialLine(materials, 'ar')}. من صنع ${makerName}، ${makerType.ar} في ${place('ar')}. جاهز للشحن خلال ${leadTime} يومًا؛ الحد الأدنى للطلب: ${moq}.`,
    ms: `${methodSentence.ms} Bahan: ${materialLine(materials, 'ms')}. Dibuat oleh ${makerName}, ${makerType.ms} di ${place('ms')}. Sedia untuk dihantar dalam ${leadTime} hari; pesanan minimum: ${moq}.`,
  };
  const certified = (lang: keyof Text, name: string) => ({ en: `${name} certified`, es: `Certificado ${name}`, ar: `معتمد من ${name}`, ms: `Diperakui ${name}` })[lang];
  const highlights = Object.fromEntries(
    LANGS.map((lang) => [
      lang,
      [
        cap(materialLine(materials, lang)),
        { en: `Made in ${place('en')}`, es: `Hecho en ${place('es')}`, ar: `صُنع في ${place('ar')}`, ms: `Dibuat di ${place('ms')}` }[lang],
        { en: `Ships in ${leadTime} days`, es: `Envío en ${leadTime} días`, ar: `يُشحن خلال ${leadTime} يومًا`, ms: `Dihantar dalam ${leadTime} hari` }[lang],
        ...validSchemes.map((s) => certified(lang, CERTIFICATION_NAMES[s])),
      ],
    ]),
  );

  const publishedAt = context.now - prng.int(0, 540) * DAY - prng.int(0, DAY - 1);
  const rated = prng.chance(0.82);
  const reviewCount = rated ? Math.floor(prng.next() ** 2 * 400) + 1 : 0;
  const pictures = context.images.get(category.slug) ?? [];
  const first = pictures.findIndex((p) => p.colour === colours[0]);
  const start = first >= 0 ? first : index % Math.max(1, pictures.length);
  const images = [pictures[start], pictures[(start + 1 + (index % 2)) % pictures.length]]
    .filter((p, i, all): p is NonNullable<typeof p> => !!p && all.indexOf(p) === i)
    .map((p, position) => ({
      id: newId(),
      product_id: id,
      position,
      webp_upload_id: p.image.webpId,
      avif_upload_id: null,
      fallback_upload_id: p.image.fallbackId,
      thumb_upload_id: p.image.thumbId,
      width: p.image.width,
      height: p.image.height,
      alt: JSON.stringify(title),
      created_at: publishedAt,
    }));

  const tags = [...new Set([category.slug, sub.slug, slugify(noun.en).replace(/-/g, ' '), main, method, design.latin.toLowerCase(), ...colours])].filter((tag) => tag.length >= 2 && tag.length <= 40);
  const perLanguage = (text: (lang: keyof Text) => string): Text => ({ en: text('en'), es: text('es'), ar: text('ar'), ms: text('ms') });
  const specs = [
    spec(SPEC_LABELS.material, perLanguage((lang) => materialLine(materials, lang))),
    spec(SPEC_LABELS.origin, perLanguage(place)),
    spec(SPEC_LABELS.production, perLanguage((lang) => catalogLabel('productionMethod', method, lang))),
    spec(SPEC_LABELS.leadTime, { en: `${leadTime} days`, es: `${leadTime} días`, ar: `${leadTime} يومًا`, ms: `${leadTime} hari` }),
    spec(SPEC_LABELS.care, prng.pick(CARE)),
  ];

  const materialRows = materials.map((x) => ({ product_id: id, material: x.material, share: x.share }));
  return {
    product: {
      id,
      store_id: store.id,
      category_id: context.categoryIds.get(sub.slug) as string,
      brand_id: store.brandId && prng.chance(0.75) ? store.brandId : null,
      slug: `${slugify(title.en)}-${index.toString(36)}`,
      title: JSON.stringify(title),
      description: JSON.stringify(description),
      highlights: JSON.stringify(highlights),
      specs: JSON.stringify(specs),
      size_chart: sizeChartOf(category.sizeChart, sizes),
      manufacturer: makerName,
      currency: 'EUR',
      price,
      mrp,
      moq,
      stock,
      restockable: stockState === 'sold_out' ? 0 : 1,
      origin_country: def.country,
      origin_region: def.region,
      maker_name: makerName,
      maker_type: def.makerType,
      production_method: method,
      lead_time_days: leadTime,
      tags: JSON.stringify(tags),
      rating: rated ? prng.int(64, 100) * 5 : 0,
      review_count: reviewCount,
      popularity: reviewCount * 10 + prng.int(0, 2000),
      status: 'published',
      published_at: publishedAt,
      created_at: publishedAt - prng.int(0, 30) * DAY,
      updated_at: publishedAt,
    },
    variants,
    materials: materialRows,
    certifications,
    images,
    facets: deriveFacetRows({
      productId: id,
      originCountry: def.country,
      variants: variants.map((v) => ({ colour: v.colour ?? null, size: v.size ?? null })),
      materials,
      certifications: certifications.map((c) => ({ scheme: c.scheme, expiresAt: c.expires_at })),
    }),
  };
}
