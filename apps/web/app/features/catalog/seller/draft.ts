import {
  CURRENCIES,
  LANGUAGES,
  SPEC_TRANSLATION_LANGUAGES,
  compactSpec,
  type CertificationScheme,
  type Colour,
  type Language,
  type Material,
  type Size,
  type TCategory,
  type TProductInput,
  type TSellerProduct,
  type TSizeChartInput,
  type TSpecInput,
  type MAKER_TYPES,
  type PRODUCTION_METHODS,
} from '@tessera/contracts';

/**
 * The product form's state and its translation to and from the API. Numbers stay strings while the
 * seller types them (a half-typed "12," is not a number yet); money is typed in major units and sent
 * in minor units.
 */

export type Texts = Record<Language, string>;

export interface VariantRow {
  key: string;
  id?: string;
  colour: Colour | '';
  size: Size | '';
  sku: string;
  price: string;
  /** Empty: the product's MRP, or the variant's price where that is higher (as the server fills it). */
  mrp: string;
  stock: string;
}

export interface CertificateRow {
  key: string;
  id?: string;
  scheme: CertificationScheme | '';
  issuer: string;
  number: string;
  expiresOn: string;
  evidenceUrl: string | null;
}

export interface SpecRow {
  key: string;
  label: Texts;
  value: Texts;
}

export interface Draft {
  title: Texts;
  description: Texts;
  /** One highlight per line. */
  highlights: Texts;
  categoryId: string;
  brandId: string;
  manufacturer: string;
  currency: string;
  price: string;
  mrp: string;
  moq: string;
  stock: string;
  restockable: boolean;
  variants: VariantRow[];
  /** Each spec's name and value per language: English required, the others read as English when empty. */
  specs: SpecRow[];
  /** Headers per language like specs (English required, the others read as English when empty); cells are the same in every language. */
  sizeChart: { columns: Texts[]; rows: string[][] } | null;
  materials: Array<{ key: string; material: Material | ''; share: string }>;
  certifications: CertificateRow[];
  originCountry: string;
  originRegion: string;
  makerName: string;
  makerType: (typeof MAKER_TYPES)[number];
  productionMethod: (typeof PRODUCTION_METHODS)[number];
  leadTimeDays: string;
  tags: string[];
}

let counter = 0;
/** A stable React key for a row the seller adds. */
export const rowKey = () => `row-${++counter}`;

/** A spec row as the API takes it: English label and value, and the translations that say something. */
function specOf(row: SpecRow): TSpecInput {
  const translations = Object.fromEntries(SPEC_TRANSLATION_LANGUAGES.map((lng) => [lng, { label: row.label[lng], value: row.value[lng] }]));
  return compactSpec({ label: row.label.en.trim(), value: row.value.en.trim(), translations });
}

export const emptySpec = (): SpecRow => ({ key: rowKey(), label: emptyTexts(), value: emptyTexts() });

/** One field of a stored spec in every language: English from the spec, the others from its translations. */
function specTexts(spec: TSpecInput, field: 'label' | 'value'): Texts {
  const texts: Record<string, string> = { en: spec[field] };
  for (const lng of SPEC_TRANSLATION_LANGUAGES) texts[lng] = spec.translations?.[lng]?.[field] ?? '';
  return textsOf(texts);
}

export const emptyTexts = (): Texts => ({ en: '', es: '', ar: '', ms: '' });

/** The saved chart as the form edits it: each header in every language. */
function chartOf(chart: TSizeChartInput): NonNullable<Draft['sizeChart']> {
  const columns = chart.columns.map((en, i) => {
    const texts: Record<string, string> = { en };
    for (const lng of SPEC_TRANSLATION_LANGUAGES) texts[lng] = chart.columnTranslations?.[lng]?.[i] ?? '';
    return textsOf(texts);
  });
  return { columns, rows: chart.rows.map((row) => [...row]) };
}

/** The form's chart as the API takes it (the server drops translations that say nothing). */
function chartInput(chart: NonNullable<Draft['sizeChart']>): TSizeChartInput {
  const columnTranslations = Object.fromEntries(SPEC_TRANSLATION_LANGUAGES.map((lng) => [lng, chart.columns.map((c) => c[lng].trim())]));
  return { columns: chart.columns.map((c) => c.en.trim()), rows: chart.rows.map((row) => row.map((cell) => cell.trim())), columnTranslations };
}

function textsOf(record: Record<string, string> | undefined): Texts {
  return Object.fromEntries(LANGUAGES.map((lng) => [lng, record?.[lng] ?? ''])) as Texts;
}

export function minorDigits(currency: string): number {
  return CURRENCIES.find((c) => c.code === currency)?.minorDigits ?? 2;
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Digits typed on an Arabic or Persian keyboard, as ASCII. */
export function asciiDigits(value: string): string {
  return value.replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** "24.50", "24,50" or "٢٤٫٥" in major units → 2450 minor units; null when it is not an amount. */
export function toMinor(value: string, currency: string): number | null {
  const text = asciiDigits(value).trim().replace(/[\s\u066c]/g, '').replace(/[,\u066b]/, '.');
  if (!/^\d+(\.\d*)?$/.test(text)) return null;
  const digits = minorDigits(currency);
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

export function fromMinor(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return '';
  const digits = minorDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

/** A whole number typed by the seller, or null. */
export function toInt(value: string): number | null {
  const text = asciiDigits(value).trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** Whole percent off the MRP, as buyers see it (the server derives the same). */
export function discountPercent(price: number | null, mrp: number | null): number {
  if (!price || !mrp || mrp <= price) return 0;
  return Math.floor(((mrp - price) * 100) / mrp);
}

export function materialsTotal(draft: Pick<Draft, 'materials'>): number {
  return draft.materials.reduce((sum, row) => sum + (toInt(row.share) ?? 0), 0);
}

export function variantStockTotal(draft: Pick<Draft, 'variants'>): number {
  return draft.variants.reduce((sum, row) => sum + (toInt(row.stock) ?? 0), 0);
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether a YYYY-MM-DD expiry date is already past (the certificate then stops counting). */
export function isExpired(expiresOn: string, now = Date.now()): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(expiresOn) && expiresOn < isoDay(now);
}

export function emptyDraft(currency = 'EUR'): Draft {
  return {
    title: emptyTexts(),
    description: emptyTexts(),
    highlights: emptyTexts(),
    categoryId: '',
    brandId: '',
    manufacturer: '',
    currency,
    price: '',
    mrp: '',
    moq: '1',
    stock: '0',
    restockable: true,
    variants: [],
    specs: [],
    sizeChart: null,
    materials: [{ key: rowKey(), material: '', share: '100' }],
    certifications: [],
    originCountry: '',
    originRegion: '',
    makerName: '',
    makerType: 'artisan',
    productionMethod: 'handmade',
    leadTimeDays: '7',
    tags: [],
  };
}

export function draftOf(product: TSellerProduct): Draft {
  const currency = product.currency;
  return {
    title: textsOf(product.title),
    description: textsOf(product.description),
    highlights: Object.fromEntries(LANGUAGES.map((lng) => [lng, (product.highlights[lng] ?? []).join('\n')])) as Texts,
    categoryId: product.categoryId,
    brandId: product.brandId ?? '',
    manufacturer: product.manufacturer,
    currency,
    // A product with variants carries their lowest price; the form edits the product's own.
    price: fromMinor(product.price, currency),
    mrp: fromMinor(product.mrp, currency),
    moq: String(product.moq),
    stock: String(product.stock),
    restockable: product.restockable,
    variants: product.variants.map((variant) => ({
      key: variant.id,
      id: variant.id,
      colour: (variant.colour ?? '') as Colour | '',
      size: (variant.size ?? '') as Size | '',
      sku: variant.sku ?? '',
      price: variant.price.amount !== product.price ? fromMinor(variant.price.amount, currency) : '',
      mrp: variant.mrp.amount !== Math.max(product.mrp, variant.price.amount) ? fromMinor(variant.mrp.amount, currency) : '',
      stock: String(variant.stock),
    })),
    specs: product.specs.map((spec) => ({ key: rowKey(), label: specTexts(spec, 'label'), value: specTexts(spec, 'value') })),
    sizeChart: product.sizeChart ? chartOf(product.sizeChart) : null,
    materials: product.materials.map((m) => ({ key: rowKey(), material: m.material, share: String(m.share) })),
    certifications: product.certifications.map((c) => ({
      key: c.id,
      id: c.id,
      scheme: c.scheme,
      issuer: c.issuer,
      number: c.number,
      expiresOn: isoDay(c.expiresAt),
      evidenceUrl: c.evidenceUrl,
    })),
    originCountry: product.originCountry,
    originRegion: product.originRegion,
    makerName: product.makerName,
    makerType: product.makerType,
    productionMethod: product.productionMethod,
    leadTimeDays: String(product.leadTimeDays),
    tags: [...product.tags],
  };
}

function written(texts: Texts): Partial<Texts> {
  return Object.fromEntries(LANGUAGES.flatMap((lng) => (texts[lng].trim() ? [[lng, texts[lng].trim()]] : [])));
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * What the API receives. Values that are not numbers are sent as NaN-free placeholders (-1) so the
 * contracts schema, run on the same payload before sending, reports them under the right field.
 */
export function payloadOf(draft: Draft): TProductInput {
  const money = (value: string) => toMinor(value, draft.currency) ?? -1;
  const count = (value: string) => toInt(value) ?? -1;
  const variants = draft.variants.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    colour: row.colour || null,
    size: row.size || null,
    sku: row.sku.trim() || null,
    price: row.price.trim() ? money(row.price) : null,
    mrp: row.mrp.trim() ? money(row.mrp) : null,
    stock: count(row.stock),
  }));
  const highlights = Object.fromEntries(LANGUAGES.flatMap((lng) => (lines(draft.highlights[lng]).length ? [[lng, lines(draft.highlights[lng])]] : [])));
  return {
    title: written(draft.title),
    description: written(draft.description),
    highlights,
    specs: draft.specs.filter((row) => LANGUAGES.some((lng) => row.label[lng].trim() || row.value[lng].trim())).map(specOf),
    sizeChart: draft.sizeChart ? chartInput(draft.sizeChart) : null,
    manufacturer: draft.manufacturer.trim(),
    categoryId: draft.categoryId,
    brandId: draft.brandId || null,
    currency: draft.currency,
    price: money(draft.price),
    mrp: draft.mrp.trim() ? money(draft.mrp) : money(draft.price),
    moq: count(draft.moq),
    stock: draft.variants.length > 0 ? variantStockTotal(draft) : count(draft.stock),
    restockable: draft.restockable,
    variants,
    materials: draft.materials.map((row) => ({ material: row.material as Material, share: count(row.share) })),
    certifications: draft.certifications.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      scheme: row.scheme as CertificationScheme,
      issuer: row.issuer.trim(),
      number: row.number.trim(),
      expiresOn: row.expiresOn,
    })),
    originCountry: draft.originCountry,
    originRegion: draft.originRegion.trim(),
    makerName: draft.makerName.trim(),
    makerType: draft.makerType,
    productionMethod: draft.productionMethod,
    leadTimeDays: count(draft.leadTimeDays),
    tags: draft.tags,
  } as TProductInput;
}

/** Categories depth first, each with its depth (for an indented select). */
export function categoryOptions(categories: readonly TCategory[]): Array<{ id: string; name: string; depth: number }> {
  const children = new Map<string | null, TCategory[]>();
  for (const category of categories) {
    const parent = category.parentId && categories.some((c) => c.id === category.parentId) ? category.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const out: Array<{ id: string; name: string; depth: number }> = [];
  const walk = (parent: string | null, depth: number) => {
    for (const category of children.get(parent) ?? []) {
      out.push({ id: category.id, name: category.name, depth });
      if (depth < 6) walk(category.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
