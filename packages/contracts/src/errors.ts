import type { Language } from './locale.js';

/**
 * Stable error codes. Every error answer is `{ code, message }`, where `message` is the code's text
 * in the request's language. Clients branch on `code` (and on the HTTP status), never on `message`.
 */
export const ERROR_CODES = {
  VALIDATION: 400,
  TOKEN_MISSING: 401,
  TOKEN_INVALID: 401,
  SESSION_REVOKED: 401,
  REFRESH_TOKEN_INVALID: 401,
  SITE_LOCKED: 401,
  SITE_PASSWORD_INVALID: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAGE_NOT_FOUND: 404,
  TOKEN_EXPIRED: 406,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** For VALIDATION: the offending field, as a dotted path ("deviceType", "address.city"). */
  field?: string;
}

/** The answer to a refresh whose access token has not expired yet must contain 407 (seed §4). */
export const TOKEN_NOT_EXPIRED_STATUS = 407;

type Catalog = Record<ErrorCode, string>;

const en: Catalog = {
  VALIDATION: 'Please check the highlighted field.',
  TOKEN_MISSING: 'Please sign in to continue.',
  TOKEN_INVALID: 'Your session is not valid. Please sign in again.',
  SESSION_REVOKED: 'Your session has ended. Please sign in again.',
  REFRESH_TOKEN_INVALID: 'Your session has ended. Please sign in again.',
  SITE_LOCKED: 'This site is protected by a password.',
  SITE_PASSWORD_INVALID: 'Please Enter Valid Password',
  FORBIDDEN: 'You are not allowed to do that.',
  NOT_FOUND: 'We could not find what you asked for.',
  PAGE_NOT_FOUND: 'page has gone missing',
  TOKEN_EXPIRED: 'Your access token has expired.',
  CONFLICT: 'That conflicts with something that already exists.',
  PAYLOAD_TOO_LARGE: 'That is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'That content type is not supported.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  UNAVAILABLE: 'The service is starting or busy. Please try again shortly.',
};

const es: Catalog = {
  VALIDATION: 'Revisa el campo indicado.',
  TOKEN_MISSING: 'Inicia sesión para continuar.',
  TOKEN_INVALID: 'Tu sesión no es válida. Vuelve a iniciar sesión.',
  SESSION_REVOKED: 'Tu sesión ha terminado. Vuelve a iniciar sesión.',
  REFRESH_TOKEN_INVALID: 'Tu sesión ha terminado. Vuelve a iniciar sesión.',
  SITE_LOCKED: 'Este sitio está protegido con contraseña.',
  SITE_PASSWORD_INVALID: 'Introduce una contraseña válida',
  FORBIDDEN: 'No tienes permiso para hacer eso.',
  NOT_FOUND: 'No encontramos lo que buscabas.',
  PAGE_NOT_FOUND: 'la página se ha perdido',
  TOKEN_EXPIRED: 'Tu token de acceso ha caducado.',
  CONFLICT: 'Eso entra en conflicto con algo que ya existe.',
  PAYLOAD_TOO_LARGE: 'Es demasiado grande.',
  UNSUPPORTED_MEDIA_TYPE: 'Ese tipo de contenido no es compatible.',
  RATE_LIMITED: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  INTERNAL: 'Algo salió mal por nuestra parte. Inténtalo de nuevo.',
  UNAVAILABLE: 'El servicio se está iniciando o está ocupado. Inténtalo en breve.',
};

const ar: Catalog = {
  VALIDATION: 'يرجى التحقق من الحقل المحدد.',
  TOKEN_MISSING: 'يرجى تسجيل الدخول للمتابعة.',
  TOKEN_INVALID: 'جلستك غير صالحة. يرجى تسجيل الدخول مرة أخرى.',
  SESSION_REVOKED: 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.',
  REFRESH_TOKEN_INVALID: 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.',
  SITE_LOCKED: 'هذا الموقع محمي بكلمة مرور.',
  SITE_PASSWORD_INVALID: 'يرجى إدخال كلمة مرور صحيحة',
  FORBIDDEN: 'غير مسموح لك بذلك.',
  NOT_FOUND: 'لم نعثر على ما طلبته.',
  PAGE_NOT_FOUND: 'الصفحة مفقودة',
  TOKEN_EXPIRED: 'انتهت صلاحية رمز الوصول.',
  CONFLICT: 'هذا يتعارض مع شيء موجود بالفعل.',
  PAYLOAD_TOO_LARGE: 'الحجم كبير جدًا.',
  UNSUPPORTED_MEDIA_TYPE: 'نوع المحتوى هذا غير مدعوم.',
  RATE_LIMITED: 'محاولات كثيرة جدًا. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
  INTERNAL: 'حدث خطأ من جانبنا. يرجى المحاولة مرة أخرى.',
  UNAVAILABLE: 'الخدمة قيد التشغيل أو مشغولة. يرجى المحاولة بعد قليل.',
};

const ms: Catalog = {
  VALIDATION: 'Sila semak medan yang ditandakan.',
  TOKEN_MISSING: 'Sila log masuk untuk meneruskan.',
  TOKEN_INVALID: 'Sesi anda tidak sah. Sila log masuk semula.',
  SESSION_REVOKED: 'Sesi anda telah tamat. Sila log masuk semula.',
  REFRESH_TOKEN_INVALID: 'Sesi anda telah tamat. Sila log masuk semula.',
  SITE_LOCKED: 'Laman ini dilindungi kata laluan.',
  SITE_PASSWORD_INVALID: 'Sila Masukkan Kata Laluan Yang Sah',
  FORBIDDEN: 'Anda tidak dibenarkan berbuat demikian.',
  NOT_FOUND: 'Kami tidak menemui apa yang anda minta.',
  PAGE_NOT_FOUND: 'halaman telah hilang',
  TOKEN_EXPIRED: 'Token akses anda telah tamat tempoh.',
  CONFLICT: 'Itu bercanggah dengan sesuatu yang sudah wujud.',
  PAYLOAD_TOO_LARGE: 'Itu terlalu besar.',
  UNSUPPORTED_MEDIA_TYPE: 'Jenis kandungan itu tidak disokong.',
  RATE_LIMITED: 'Terlalu banyak percubaan. Sila tunggu sebentar dan cuba lagi.',
  INTERNAL: 'Berlaku ralat di pihak kami. Sila cuba lagi.',
  UNAVAILABLE: 'Perkhidmatan sedang bermula atau sibuk. Sila cuba sebentar lagi.',
};

export const ERROR_MESSAGES: Record<Language, Catalog> = { en, es, ar, ms };

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERROR_MESSAGES[language][code];
}
