import type { Language } from './locale.js';

/**
 * Field messages that the specification quotes (seed §5) and their siblings. A schema names the
 * key as its error; the server answers the key's text in the request's language, exactly as
 * written here, and the web forms show the same text beside the field.
 */
export const VALIDATION_MESSAGE_KEYS = [
  'ENTER_VALID_NAME',
  'ENTER_VALID_EMAIL',
  'ENTER_VALID_PHONE',
  'COMPANY_LOGO_INVALID',
  'COMPANY_DOCUMENT_INVALID',
  'IMAGE_FORMAT_INVALID',
  'AT_LEAST_ONE_CITY',
  'AT_LEAST_ONE_COUNTRY',
  'PASSWORD_TOO_WEAK',
  'PASSWORDS_DO_NOT_MATCH',
  'ENTER_VALID_DATE',
  'ENTER_VALID_URL',
  'REQUIRED',
] as const;
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && (VALIDATION_MESSAGE_KEYS as readonly string[]).includes(value);
}

export const VALIDATION_MESSAGES: Record<Language, Record<ValidationMessageKey, string>> = {
  en: {
    ENTER_VALID_NAME: 'Enter Valid Name',
    ENTER_VALID_EMAIL: 'Enter Valid Email',
    ENTER_VALID_PHONE: 'Enter Valid Mobile Number',
    COMPANY_LOGO_INVALID: 'Company Logo Image is not valid',
    COMPANY_DOCUMENT_INVALID: 'Company Document Image is not valid',
    IMAGE_FORMAT_INVALID: 'Image format is not valid',
    AT_LEAST_ONE_CITY: 'At least 1 city should be selected',
    AT_LEAST_ONE_COUNTRY: 'At least 1 country should be selected',
    PASSWORD_TOO_WEAK: 'Use at least 8 characters with a letter and a number',
    PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
    ENTER_VALID_DATE: 'Enter a valid date',
    ENTER_VALID_URL: 'Enter a valid website address',
    REQUIRED: 'This field is required',
  },
  es: {
    ENTER_VALID_NAME: 'Introduce un nombre válido',
    ENTER_VALID_EMAIL: 'Introduce un correo electrónico válido',
    ENTER_VALID_PHONE: 'Introduce un número de móvil válido',
    COMPANY_LOGO_INVALID: 'La imagen del logotipo de la empresa no es válida',
    COMPANY_DOCUMENT_INVALID: 'La imagen del documento de la empresa no es válida',
    IMAGE_FORMAT_INVALID: 'El formato de la imagen no es válido',
    AT_LEAST_ONE_CITY: 'Selecciona al menos 1 ciudad',
    AT_LEAST_ONE_COUNTRY: 'Selecciona al menos 1 país',
    PASSWORD_TOO_WEAK: 'Usa al menos 8 caracteres con una letra y un número',
    PASSWORDS_DO_NOT_MATCH: 'Las contraseñas no coinciden',
    ENTER_VALID_DATE: 'Introduce una fecha válida',
    ENTER_VALID_URL: 'Introduce una dirección web válida',
    REQUIRED: 'Este campo es obligatorio',
  },
  ar: {
    ENTER_VALID_NAME: 'أدخل اسمًا صحيحًا',
    ENTER_VALID_EMAIL: 'أدخل بريدًا إلكترونيًا صحيحًا',
    ENTER_VALID_PHONE: 'أدخل رقم جوال صحيحًا',
    COMPANY_LOGO_INVALID: 'صورة شعار الشركة غير صالحة',
    COMPANY_DOCUMENT_INVALID: 'صورة مستند الشركة غير صالحة',
    IMAGE_FORMAT_INVALID: 'صيغة الصورة غير صالحة',
    AT_LEAST_ONE_CITY: 'يجب اختيار مدينة واحدة على الأقل',
    AT_LEAST_ONE_COUNTRY: 'يجب اختيار دولة واحدة على الأقل',
    PASSWORD_TOO_WEAK: 'استخدم 8 أحرف على الأقل تتضمن حرفًا ورقمًا',
    PASSWORDS_DO_NOT_MATCH: 'كلمتا المرور غير متطابقتين',
    ENTER_VALID_DATE: 'أدخل تاريخًا صحيحًا',
    ENTER_VALID_URL: 'أدخل عنوان موقع صحيحًا',
    REQUIRED: 'هذا الحقل مطلوب',
  },
  ms: {
    ENTER_VALID_NAME: 'Masukkan Nama Yang Sah',
    ENTER_VALID_EMAIL: 'Masukkan E-mel Yang Sah',
    ENTER_VALID_PHONE: 'Masukkan Nombor Telefon Bimbit Yang Sah',
    COMPANY_LOGO_INVALID: 'Imej Logo Syarikat tidak sah',
    COMPANY_DOCUMENT_INVALID: 'Imej Dokumen Syarikat tidak sah',
    IMAGE_FORMAT_INVALID: 'Format imej tidak sah',
    AT_LEAST_ONE_CITY: 'Sekurang-kurangnya 1 bandar perlu dipilih',
    AT_LEAST_ONE_COUNTRY: 'Sekurang-kurangnya 1 negara perlu dipilih',
    PASSWORD_TOO_WEAK: 'Gunakan sekurang-kurangnya 8 aksara dengan huruf dan nombor',
    PASSWORDS_DO_NOT_MATCH: 'Kata laluan tidak sepadan',
    ENTER_VALID_DATE: 'Masukkan tarikh yang sah',
    ENTER_VALID_URL: 'Masukkan alamat laman web yang sah',
    REQUIRED: 'Medan ini wajib diisi',
  },
};
