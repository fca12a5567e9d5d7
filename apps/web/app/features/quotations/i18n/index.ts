import type { Language } from '@tessera/contracts';
import { quotationsAr } from './ar';
import { quotationsEn } from './en';
import { quotationsEs } from './es';
import { quotationsMs } from './ms';

export type { quotationsEn };

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type QuotationsTranslation = Widen<typeof quotationsEn>;

/** The 'quotations' namespace (buyer pages, seller inbox, console overview) in every language. */
export const QUOTATIONS_TRANSLATIONS: Record<Language, QuotationsTranslation> = { en: quotationsEn, es: quotationsEs, ar: quotationsAr, ms: quotationsMs };
