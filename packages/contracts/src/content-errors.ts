/**
 * Error codes of the blog and the contact form (issue #13 §5), merged into ERROR_CODES and the
 * translated catalogues of ./errors.ts.
 */
export const CONTENT_ERROR_CODES = {
  CONTACT_TOO_MANY: 429,
  BLOG_CATEGORY_UNKNOWN: 400,
} as const;

export type ContentErrorCode = keyof typeof CONTENT_ERROR_CODES;
type Texts = Record<ContentErrorCode, string>;

export const CONTENT_ERROR_MESSAGES: Record<'en' | 'es' | 'ar' | 'ms', Texts> = {
  en: {
    CONTACT_TOO_MANY: 'You have already sent us several messages in the last hour. Please wait a little before writing again.',
    BLOG_CATEGORY_UNKNOWN: 'This category does not exist. Choose one of the listed categories.',
  },
  es: {
    CONTACT_TOO_MANY: 'Ya nos has enviado varios mensajes en la última hora. Espera un poco antes de volver a escribir.',
    BLOG_CATEGORY_UNKNOWN: 'Esta categoría no existe. Elige una de las categorías de la lista.',
  },
  ar: {
    CONTACT_TOO_MANY: 'لقد أرسلت إلينا عدة رسائل خلال الساعة الماضية. يرجى الانتظار قليلاً قبل الكتابة مرة أخرى.',
    BLOG_CATEGORY_UNKNOWN: 'هذه الفئة غير موجودة. اختر إحدى الفئات المدرجة.',
  },
  ms: {
    CONTACT_TOO_MANY: 'Anda telah menghantar beberapa mesej kepada kami dalam sejam yang lalu. Sila tunggu sebentar sebelum menulis lagi.',
    BLOG_CATEGORY_UNKNOWN: 'Kategori ini tidak wujud. Pilih salah satu kategori yang disenaraikan.',
  },
};
