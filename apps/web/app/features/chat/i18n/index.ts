import type { Language } from '@tessera/contracts';
import { chatAr } from './ar';
import { chatEn } from './en';
import { chatEs } from './es';
import { chatMs } from './ms';

export type { chatEn };

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
export type ChatTranslation = Widen<typeof chatEn>;

/** The 'chat' namespace in every language (the server has all; the browser fetches one: lib/i18n/texts.ts). */
export const CHAT_TRANSLATIONS: Record<Language, ChatTranslation> = { en: chatEn, es: chatEs, ar: chatAr, ms: chatMs };
