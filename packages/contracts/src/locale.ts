/** The four languages of the product (seed §1); en is the default. */
export const LANGUAGES = ['en', 'es', 'ar', 'ms'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Languages written right to left. */
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks a supported language from a header or cookie value such as "ar", "es-ES" or "ms_MY". */
export function toLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const base = value.trim().toLowerCase().split(/[-_,;]/)[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

export function isRtl(language: Language): boolean {
  return RTL_LANGUAGES.includes(language);
}

/** Intl locale used to format numbers, money and dates for each language. */
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  es: 'es-ES',
  ar: 'ar',
  ms: 'ms-MY',
};

export interface Currency {
  code: string;
  symbol: string;
  /** Digits after the decimal point: money is stored in minor units. */
  minorDigits: number;
}

/** The store's default currency is EUR (seed §9). */
export const DEFAULT_CURRENCY_CODE = 'EUR';
/** A chat item without a unit defaults to the rupee (seed §3, §9). */
export const CHAT_ITEM_DEFAULT_UNITS = { symbol: '₹', currency_code: 'INR' } as const;

export const CURRENCIES: readonly Currency[] = [
  { code: 'EUR', symbol: '€', minorDigits: 2 },
  { code: 'USD', symbol: '$', minorDigits: 2 },
  { code: 'GBP', symbol: '£', minorDigits: 2 },
  { code: 'INR', symbol: '₹', minorDigits: 2 },
  { code: 'AED', symbol: 'د.إ', minorDigits: 2 },
  { code: 'MYR', symbol: 'RM', minorDigits: 2 },
];

export function findCurrency(code: unknown): Currency | undefined {
  if (typeof code !== 'string') return undefined;
  const upper = code.trim().toUpperCase();
  return CURRENCIES.find((c) => c.code === upper);
}
