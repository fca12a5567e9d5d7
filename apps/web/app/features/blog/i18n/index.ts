import type { Language } from '@tessera/contracts';
import { blogAr } from './ar';
import { blogEn } from './en';
import { blogEs } from './es';
import { blogMs } from './ms';

export type { blogEn };

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type BlogTranslation = Widen<typeof blogEn>;

/** The 'blog' namespace (blog, contact, their console screens) in every language (the server has all; the browser fetches one: lib/i18n/texts.ts). */
export const BLOG_TRANSLATIONS: Record<Language, BlogTranslation> = { en: blogEn, es: blogEs, ar: blogAr, ms: blogMs };
