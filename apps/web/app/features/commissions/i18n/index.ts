import type { Language } from '@tessera/contracts';
import { commissionsAr } from './ar';
import { commissionsEn } from './en';
import { commissionsEs } from './es';
import { commissionsMs } from './ms';

export type { commissionsEn };

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type CommissionsTranslation = Widen<typeof commissionsEn>;

/** The 'commissions' namespace (buyer pages, seller portal, console overview) in every language. */
export const COMMISSIONS_TRANSLATIONS: Record<Language, CommissionsTranslation> = {
  en: commissionsEn,
  es: commissionsEs,
  ar: commissionsAr,
  ms: commissionsMs,
};
