import type { Language } from '@tessera/contracts';
import { socialAr } from './ar';
import { socialEn } from './en';
import { socialEs } from './es';
import { socialMs } from './ms';

export type { socialEn };

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type SocialTranslation = Widen<typeof socialEn>;

/** The 'social' namespace (hearts, favourites, wishlists, reviews; their portal screens) in every language. */
export const SOCIAL_TRANSLATIONS: Record<Language, SocialTranslation> = { en: socialEn, es: socialEs, ar: socialAr, ms: socialMs };
