import type { Language } from '@tessera/contracts';
import { portalAr } from './ar';
import { portalEn } from './en';
import { portalEs } from './es';
import { portalMs } from './ms';

export type { portalEn };

/** The shape of the English portal texts with every literal widened to string. */
type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type PortalTranslation = Widen<typeof portalEn>;

/** The 'portal' namespace in every language (all of them on the server: lib/i18n/all.server.ts; the browser fetches one language: lib/i18n/texts.ts). */
export const PORTAL_TRANSLATIONS: Record<Language, PortalTranslation> = { en: portalEn, es: portalEs, ar: portalAr, ms: portalMs };
