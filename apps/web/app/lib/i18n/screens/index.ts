import type { Language } from '@tessera/contracts';
import { screensAr } from './ar';
import { screensEn } from './en';
import { screensEs } from './es';
import { screensMs } from './ms';

export type { screensEn };

type Widen<T> = T extends string ? string : T extends ReadonlyArray<infer U> ? ReadonlyArray<Widen<U>> : { readonly [K in keyof T]: Widen<T[K]> };
export type ScreensTranslation = Widen<typeof screensEn>;

/**
 * The 'screens' namespace in every language: the texts of the storefront's screens that the public
 * pages do not show (sign-in and sign-up, profile, company, addresses, checkout, orders, wallet, cards,
 * points, offers, the information pages, the driver's page, the forms' shared texts) and that the
 * portals share. A key 'translation' lacks is looked up here (../runtime.ts, i18next's `fallbackNS`), so the
 * screens call `t('auth.…')` as before; the public pages do not download it (../index.ts).
 */
export const SCREENS_TRANSLATIONS: Record<Language, ScreensTranslation> = { en: screensEn, es: screensEs, ar: screensAr, ms: screensMs };
