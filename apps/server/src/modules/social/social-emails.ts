import { INTL_LOCALES, type Language } from '@tessera/contracts';

/**
 * The e-mail for a favourite whose price dropped, in the four languages (a favourite back in stock
 * reuses the catalog's 'back-in-stock' message). Prices are formatted in the recipient's language
 * (formatMoney) before they are queued.
 */
export interface PriceDropParams {
  productTitle: string;
  link: string;
  /** Formatted in the recipient's language (formatMoney). */
  oldPrice: string;
  newPrice: string;
}

type Block = string | { link: string; label: string };
type Copy = Record<Language, (params: PriceDropParams) => { subject: string; blocks: Block[] }>;

export function formatMoney(language: Language, currency: string, minor: number): string {
  try {
    const format = new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

export const SOCIAL_TEMPLATES_COPY: { 'price-drop': Copy } = {
  'price-drop': {
    en: (p) => ({
      subject: `Price drop: ${p.productTitle}`,
      blocks: [`${p.productTitle}, one of your favourites, now costs ${p.newPrice} instead of ${p.oldPrice}.`, { link: p.link, label: 'See the product' }],
    }),
    es: (p) => ({
      subject: `Bajada de precio: ${p.productTitle}`,
      blocks: [`${p.productTitle}, uno de tus favoritos, ahora cuesta ${p.newPrice} en lugar de ${p.oldPrice}.`, { link: p.link, label: 'Ver el producto' }],
    }),
    ar: (p) => ({
      subject: `انخفاض السعر: ${p.productTitle}`,
      blocks: [`أصبح سعر ${p.productTitle}، أحد مفضلاتك، ${p.newPrice} بدلًا من ${p.oldPrice}.`, { link: p.link, label: 'عرض المنتج' }],
    }),
    ms: (p) => ({
      subject: `Harga turun: ${p.productTitle}`,
      blocks: [`${p.productTitle}, salah satu kegemaran anda, kini berharga ${p.newPrice} dan bukan ${p.oldPrice}.`, { link: p.link, label: 'Lihat produk' }],
    }),
  },
};
