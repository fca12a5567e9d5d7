import { isRtl, type Language } from '@tessera/contracts';
import { ORDER_TEMPLATES_COPY, type OrderTemplateName, type OrderUpdateParams } from '../orders/index.js';
import { CONTACT_TEMPLATES_COPY, type ContactTemplateParams } from '../contact/index.js';
import { type PriceDropParams, SOCIAL_TEMPLATES_COPY } from '../social/index.js';
import { QUOTATION_TEMPLATES_COPY, type QuotationTemplateName, type QuotationUpdateParams } from '../quotations/index.js';
import { COMMISSION_TEMPLATES_COPY, type CommissionTemplateName, type CommissionUpdateParams } from '../commissions/index.js';

/**
 * Every message the server sends, in each of the four languages. A template turns its params into
 * `{ subject, text, html }`; params are substituted as plain text, and escaped in the HTML.
 */

/**
 * The params of each template; `send()` checks them at compile time. The buyer's order e-mails
 * (modules/orders/order-emails.ts) share one shape.
 */
export interface TemplateParams
  extends Record<OrderTemplateName, OrderUpdateParams>,
    Record<QuotationTemplateName, QuotationUpdateParams>,
    Record<CommissionTemplateName, CommissionUpdateParams>,
    ContactTemplateParams {
  /** A 6-digit code sent by SMS to verify a mobile number; valid `minutes` minutes. */
  'mobile-verification-code': { code: string; minutes: number };
  /** A one-time link to choose a new password; valid `minutes` minutes. */
  'password-reset': { link: string; minutes: number };
  /** An invitation to the store team: a one-time link to set a first password; valid `minutes` minutes. */
  'team-invitation': { link: string; minutes: number };
  'company-approved': { companyName: string };
  'company-rejected': { companyName: string; reason: string };
  'seller-approved': { storeName: string };
  'seller-rejected': { storeName: string; reason: string };
  welcome: { firstName: string };
  /** A product the recipient watches can be bought again. */
  'back-in-stock': { productTitle: string; link: string };
  /** A favourite's price went down (modules/social). */
  'price-drop': PriceDropParams;
  /** A chat message for a receiver who is offline (web push; the outbox when no VAPID keys are set). */
  'chat-message': { senderName: string; text: string; link: string };
}

export type TemplateName = keyof TemplateParams;

export interface RenderedMessage {
  subject: string;
  /** Plain text: the e-mail's text part, the SMS itself, the push notification's body. */
  text: string;
  html?: string;
}

/** A paragraph of text, a code to copy (shown large), or a button-like link. */
type Block = string | { code: string } | { link: string; label: string };

interface Copy {
  subject: string;
  blocks: Block[];
}

type Translations<P> = Record<Language, (params: P) => Copy>;

const SIGNATURE: Record<Language, string> = {
  en: 'The Tessera team',
  es: 'El equipo de Tessera',
  ar: 'فريق Tessera',
  ms: 'Pasukan Tessera',
};

/** "10 minutes" with the plural each language needs (Arabic has six plural forms). */
export function minutesPhrase(language: Language, minutes: number): string {
  const form = new Intl.PluralRules(language).select(minutes);
  switch (language) {
    case 'en':
      return form === 'one' ? `${minutes} minute` : `${minutes} minutes`;
    case 'es':
      return form === 'one' ? `${minutes} minuto` : `${minutes} minutos`;
    case 'ms':
      return `${minutes} minit`;
    case 'ar':
      if (form === 'one') return 'دقيقة واحدة';
      if (form === 'two') return 'دقيقتين';
      if (form === 'few') return `${minutes} دقائق`;
      return `${minutes} دقيقة`;
  }
}

/**
 * How long a link stays valid, in the largest unit that divides it exactly: "7 days", "2 hours",
 * "30 minutes" (an invitation lasts a week, and nobody counts a week in minutes).
 */
export function durationPhrase(language: Language, minutes: number): string {
  if (minutes > 0 && minutes % 1440 === 0) return unitPhrase(language, minutes / 1440, 'day');
  if (minutes > 0 && minutes % 60 === 0) return unitPhrase(language, minutes / 60, 'hour');
  return minutesPhrase(language, minutes);
}

function unitPhrase(language: Language, count: number, unit: 'day' | 'hour'): string {
  const form = new Intl.PluralRules(language).select(count);
  const day = unit === 'day';
  switch (language) {
    case 'en':
      return `${count} ${unit}${form === 'one' ? '' : 's'}`;
    case 'es':
      return form === 'one' ? `${count} ${day ? 'día' : 'hora'}` : `${count} ${day ? 'días' : 'horas'}`;
    case 'ms':
      return `${count} ${day ? 'hari' : 'jam'}`;
    case 'ar':
      if (form === 'one') return day ? 'يوم واحد' : 'ساعة واحدة';
      if (form === 'two') return day ? 'يومين' : 'ساعتين';
      if (form === 'few') return `${count} ${day ? 'أيام' : 'ساعات'}`;
      if (form === 'many') return `${count} ${day ? 'يومًا' : 'ساعة'}`;
      return `${count} ${day ? 'يوم' : 'ساعة'}`;
  }
}

const COPY: { [K in TemplateName]: Translations<TemplateParams[K]> } = {
  ...ORDER_TEMPLATES_COPY,
  ...CONTACT_TEMPLATES_COPY,
  ...SOCIAL_TEMPLATES_COPY,
  ...QUOTATION_TEMPLATES_COPY,
  ...COMMISSION_TEMPLATES_COPY,
  'mobile-verification-code': {
    en: ({ code, minutes }) => ({
      subject: 'Your Tessera verification code',
      blocks: [
        'Your Tessera verification code is:',
        { code },
        `It is valid for ${minutesPhrase('en', minutes)}. Never share this code with anyone; if you did not ask for it, ignore this message.`,
      ],
    }),
    es: ({ code, minutes }) => ({
      subject: 'Tu código de verificación de Tessera',
      blocks: [
        'Tu código de verificación de Tessera es:',
        { code },
        `Es válido durante ${minutesPhrase('es', minutes)}. No compartas este código con nadie; si no lo has solicitado, ignora este mensaje.`,
      ],
    }),
    ar: ({ code, minutes }) => ({
      subject: 'رمز التحقق الخاص بك من Tessera',
      blocks: [
        'رمز التحقق الخاص بك من Tessera هو:',
        { code },
        `الرمز صالح لمدة ${minutesPhrase('ar', minutes)}. لا تشارك هذا الرمز مع أي شخص، وإذا لم تطلبه فتجاهل هذه الرسالة.`,
      ],
    }),
    ms: ({ code, minutes }) => ({
      subject: 'Kod pengesahan Tessera anda',
      blocks: [
        'Kod pengesahan Tessera anda ialah:',
        { code },
        `Kod ini sah selama ${minutesPhrase('ms', minutes)}. Jangan kongsi kod ini dengan sesiapa; jika anda tidak memintanya, abaikan mesej ini.`,
      ],
    }),
  },

  'password-reset': {
    en: ({ link, minutes }) => ({
      subject: 'Reset your Tessera password',
      blocks: [
        'We received a request to reset the password of your Tessera account.',
        { link, label: 'Choose a new password' },
        `This link is valid for ${minutesPhrase('en', minutes)} and works once. If you did not ask for it, ignore this e-mail: your password stays the same.`,
      ],
    }),
    es: ({ link, minutes }) => ({
      subject: 'Restablece tu contraseña de Tessera',
      blocks: [
        'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Tessera.',
        { link, label: 'Elegir una nueva contraseña' },
        `Este enlace es válido durante ${minutesPhrase('es', minutes)} y solo se puede usar una vez. Si no lo has solicitado, ignora este correo: tu contraseña no cambiará.`,
      ],
    }),
    ar: ({ link, minutes }) => ({
      subject: 'إعادة تعيين كلمة مرور Tessera',
      blocks: [
        'تلقّينا طلبًا لإعادة تعيين كلمة المرور لحسابك في Tessera.',
        { link, label: 'اختر كلمة مرور جديدة' },
        `هذا الرابط صالح لمدة ${minutesPhrase('ar', minutes)} ويمكن استخدامه مرة واحدة فقط. إذا لم تطلب ذلك فتجاهل هذه الرسالة، وستبقى كلمة مرورك كما هي.`,
      ],
    }),
    ms: ({ link, minutes }) => ({
      subject: 'Tetapkan semula kata laluan Tessera anda',
      blocks: [
        'Kami menerima permintaan untuk menetapkan semula kata laluan akaun Tessera anda.',
        { link, label: 'Pilih kata laluan baharu' },
        `Pautan ini sah selama ${minutesPhrase('ms', minutes)} dan hanya boleh digunakan sekali. Jika anda tidak memintanya, abaikan e-mel ini: kata laluan anda kekal sama.`,
      ],
    }),
  },

  'team-invitation': {
    en: ({ link, minutes }) => ({
      subject: 'You are invited to the Tessera store team',
      blocks: [
        'You have been invited to join the store team of Tessera. Choose a password to activate your account and sign in to the admin console.',
        { link, label: 'Set your password' },
        `This link is valid for ${durationPhrase('en', minutes)} and works once. If you were not expecting this invitation, ignore this e-mail.`,
      ],
    }),
    es: ({ link, minutes }) => ({
      subject: 'Te han invitado al equipo de la tienda de Tessera',
      blocks: [
        'Te han invitado a unirte al equipo de la tienda de Tessera. Elige una contraseña para activar tu cuenta e iniciar sesión en la consola de administración.',
        { link, label: 'Elegir tu contraseña' },
        `Este enlace es válido durante ${durationPhrase('es', minutes)} y solo se puede usar una vez. Si no esperabas esta invitación, ignora este correo.`,
      ],
    }),
    ar: ({ link, minutes }) => ({
      subject: 'دعوة للانضمام إلى فريق متجر Tessera',
      blocks: [
        'تمت دعوتك للانضمام إلى فريق متجر Tessera. اختر كلمة مرور لتفعيل حسابك وتسجيل الدخول إلى لوحة الإدارة.',
        { link, label: 'اختر كلمة المرور' },
        `هذا الرابط صالح لمدة ${durationPhrase('ar', minutes)} ويمكن استخدامه مرة واحدة فقط. إذا لم تكن تتوقع هذه الدعوة فتجاهل هذه الرسالة.`,
      ],
    }),
    ms: ({ link, minutes }) => ({
      subject: 'Anda dijemput ke pasukan kedai Tessera',
      blocks: [
        'Anda telah dijemput untuk menyertai pasukan kedai Tessera. Pilih kata laluan untuk mengaktifkan akaun anda dan log masuk ke konsol pentadbir.',
        { link, label: 'Tetapkan kata laluan anda' },
        `Pautan ini sah selama ${durationPhrase('ms', minutes)} dan hanya boleh digunakan sekali. Jika anda tidak menjangkakan jemputan ini, abaikan e-mel ini.`,
      ],
    }),
  },

  'company-approved': {
    en: ({ companyName }) => ({
      subject: `${companyName} is approved on Tessera`,
      blocks: [
        `Good news: we have approved the registration of ${companyName} on Tessera.`,
        'You can now sign in and start sourcing from our artisans and sellers.',
      ],
    }),
    es: ({ companyName }) => ({
      subject: `${companyName} ha sido aprobada en Tessera`,
      blocks: [
        `Buenas noticias: hemos aprobado el registro de ${companyName} en Tessera.`,
        'Ya puedes iniciar sesión y empezar a comprar a nuestros artesanos y vendedores.',
      ],
    }),
    ar: ({ companyName }) => ({
      subject: `تمت الموافقة على ${companyName} في Tessera`,
      blocks: [
        `أخبار سارة: وافقنا على تسجيل ${companyName} في Tessera.`,
        'يمكنك الآن تسجيل الدخول والبدء بالشراء من الحرفيين والبائعين لدينا.',
      ],
    }),
    ms: ({ companyName }) => ({
      subject: `${companyName} telah diluluskan di Tessera`,
      blocks: [
        `Berita baik: kami telah meluluskan pendaftaran ${companyName} di Tessera.`,
        'Anda kini boleh log masuk dan mula mendapatkan bekalan daripada artisan dan penjual kami.',
      ],
    }),
  },

  'company-rejected': {
    en: ({ companyName, reason }) => ({
      subject: `The registration of ${companyName} was not approved`,
      blocks: [
        `We are sorry: we could not approve the registration of ${companyName} on Tessera.`,
        `Reason: ${reason}`,
        'You can correct your details and apply again, or reply to this e-mail if you have any questions.',
      ],
    }),
    es: ({ companyName, reason }) => ({
      subject: `No se ha aprobado el registro de ${companyName}`,
      blocks: [
        `Lo sentimos: no hemos podido aprobar el registro de ${companyName} en Tessera.`,
        `Motivo: ${reason}`,
        'Puedes corregir tus datos y volver a solicitarlo, o responder a este correo si tienes alguna pregunta.',
      ],
    }),
    ar: ({ companyName, reason }) => ({
      subject: `لم تتم الموافقة على تسجيل ${companyName}`,
      blocks: [
        `نأسف، لم نتمكن من الموافقة على تسجيل ${companyName} في Tessera.`,
        `السبب: ${reason}`,
        'يمكنك تصحيح بياناتك والتقديم مرة أخرى، أو الرد على هذه الرسالة إذا كانت لديك أي أسئلة.',
      ],
    }),
    ms: ({ companyName, reason }) => ({
      subject: `Pendaftaran ${companyName} tidak diluluskan`,
      blocks: [
        `Harap maaf: kami tidak dapat meluluskan pendaftaran ${companyName} di Tessera.`,
        `Sebab: ${reason}`,
        'Anda boleh membetulkan butiran anda dan memohon semula, atau balas e-mel ini jika anda mempunyai sebarang soalan.',
      ],
    }),
  },

  'seller-approved': {
    en: ({ storeName }) => ({
      subject: `Your store ${storeName} is open on Tessera`,
      blocks: [
        `Welcome aboard: we have approved ${storeName} as a seller on Tessera.`,
        'You can now sign in to add your products, answer buyers in the chat and receive orders.',
      ],
    }),
    es: ({ storeName }) => ({
      subject: `Tu tienda ${storeName} ya está abierta en Tessera`,
      blocks: [
        `Te damos la bienvenida: hemos aprobado ${storeName} como vendedor en Tessera.`,
        'Ya puedes iniciar sesión para añadir tus productos, responder a los compradores en el chat y recibir pedidos.',
      ],
    }),
    ar: ({ storeName }) => ({
      subject: `متجرك ${storeName} مفتوح الآن على Tessera`,
      blocks: [
        `أهلًا بك: وافقنا على ${storeName} كبائع في Tessera.`,
        'يمكنك الآن تسجيل الدخول لإضافة منتجاتك والرد على المشترين في المحادثة واستلام الطلبات.',
      ],
    }),
    ms: ({ storeName }) => ({
      subject: `Kedai anda ${storeName} kini dibuka di Tessera`,
      blocks: [
        `Selamat datang: kami telah meluluskan ${storeName} sebagai penjual di Tessera.`,
        'Anda kini boleh log masuk untuk menambah produk anda, menjawab pembeli dalam sembang dan menerima pesanan.',
      ],
    }),
  },

  'seller-rejected': {
    en: ({ storeName, reason }) => ({
      subject: `Your seller application for ${storeName} was not approved`,
      blocks: [
        `We are sorry: we could not approve ${storeName} as a seller on Tessera.`,
        `Reason: ${reason}`,
        'You can update your application and apply again, or reply to this e-mail if you have any questions.',
      ],
    }),
    es: ({ storeName, reason }) => ({
      subject: `No se ha aprobado tu solicitud de vendedor para ${storeName}`,
      blocks: [
        `Lo sentimos: no hemos podido aprobar ${storeName} como vendedor en Tessera.`,
        `Motivo: ${reason}`,
        'Puedes actualizar tu solicitud y volver a presentarla, o responder a este correo si tienes alguna pregunta.',
      ],
    }),
    ar: ({ storeName, reason }) => ({
      subject: `لم تتم الموافقة على طلب البيع الخاص بـ ${storeName}`,
      blocks: [
        `نأسف، لم نتمكن من الموافقة على ${storeName} كبائع في Tessera.`,
        `السبب: ${reason}`,
        'يمكنك تحديث طلبك والتقديم مرة أخرى، أو الرد على هذه الرسالة إذا كانت لديك أي أسئلة.',
      ],
    }),
    ms: ({ storeName, reason }) => ({
      subject: `Permohonan penjual anda untuk ${storeName} tidak diluluskan`,
      blocks: [
        `Harap maaf: kami tidak dapat meluluskan ${storeName} sebagai penjual di Tessera.`,
        `Sebab: ${reason}`,
        'Anda boleh mengemas kini permohonan anda dan memohon semula, atau balas e-mel ini jika anda mempunyai sebarang soalan.',
      ],
    }),
  },

  welcome: {
    en: ({ firstName }) => ({
      subject: `Welcome to Tessera, ${firstName}`,
      blocks: [
        `Hello ${firstName},`,
        'Thank you for joining Tessera, the marketplace for sustainable sourcing.',
        'Discover products made by artisans and responsible sellers, ask for quotes and follow your orders live.',
      ],
    }),
    es: ({ firstName }) => ({
      subject: `Te damos la bienvenida a Tessera, ${firstName}`,
      blocks: [
        `Hola, ${firstName}:`,
        'Gracias por unirte a Tessera, el mercado de abastecimiento sostenible.',
        'Descubre productos hechos por artesanos y vendedores responsables, pide presupuestos y sigue tus pedidos en tiempo real.',
      ],
    }),
    ar: ({ firstName }) => ({
      subject: `مرحبًا بك في Tessera يا ${firstName}`,
      blocks: [
        `مرحبًا ${firstName}،`,
        'شكرًا لانضمامك إلى Tessera، سوق التوريد المستدام.',
        'اكتشف منتجات يصنعها حرفيون وبائعون مسؤولون، واطلب عروض الأسعار، وتابع طلباتك لحظة بلحظة.',
      ],
    }),
    ms: ({ firstName }) => ({
      subject: `Selamat datang ke Tessera, ${firstName}`,
      blocks: [
        `Hai ${firstName},`,
        'Terima kasih kerana menyertai Tessera, pasaran untuk perolehan mampan.',
        'Temui produk buatan artisan dan penjual yang bertanggungjawab, minta sebut harga dan ikuti pesanan anda secara langsung.',
      ],
    }),
  },

  'back-in-stock': {
    en: ({ productTitle, link }) => ({
      subject: `${productTitle} is back in stock`,
      blocks: [
        `Good news: ${productTitle}, which you asked us to watch, is available again.`,
        { link, label: 'See the product' },
        'Stock can go quickly, so do not wait too long.',
      ],
    }),
    es: ({ productTitle, link }) => ({
      subject: `${productTitle} vuelve a estar disponible`,
      blocks: [
        `Buenas noticias: ${productTitle}, que nos pediste vigilar, vuelve a estar disponible.`,
        { link, label: 'Ver el producto' },
        'Las existencias pueden agotarse pronto, así que no esperes demasiado.',
      ],
    }),
    ar: ({ productTitle, link }) => ({
      subject: `${productTitle} متوفر من جديد`,
      blocks: [
        `أخبار سارة: المنتج ${productTitle} الذي طلبت منا متابعته متوفر مرة أخرى.`,
        { link, label: 'عرض المنتج' },
        'قد تنفد الكمية بسرعة، فلا تتأخر.',
      ],
    }),
    ms: ({ productTitle, link }) => ({
      subject: `${productTitle} kembali ada dalam stok`,
      blocks: [
        `Berita baik: ${productTitle}, yang anda minta kami pantau, kini tersedia semula.`,
        { link, label: 'Lihat produk' },
        'Stok mungkin habis dengan cepat, jadi jangan tunggu terlalu lama.',
      ],
    }),
  },
  'chat-message': {
    en: ({ senderName, text, link }) => ({ subject: `New message from ${senderName}`, blocks: [`${senderName}: ${text}`, { link, label: 'Open the conversation' }] }),
    es: ({ senderName, text, link }) => ({ subject: `Nuevo mensaje de ${senderName}`, blocks: [`${senderName}: ${text}`, { link, label: 'Abrir la conversación' }] }),
    ar: ({ senderName, text, link }) => ({ subject: `رسالة جديدة من ${senderName}`, blocks: [`${senderName}: ${text}`, { link, label: 'افتح المحادثة' }] }),
    ms: ({ senderName, text, link }) => ({ subject: `Mesej baharu daripada ${senderName}`, blocks: [`${senderName}: ${text}`, { link, label: 'Buka perbualan' }] }),
  },
};

export const TEMPLATE_NAMES = Object.keys(COPY) as TemplateName[];

export function isTemplateName(value: unknown): value is TemplateName {
  return typeof value === 'string' && Object.hasOwn(COPY, value);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** Only web links become clickable; anything else (javascript:, data:) is shown as text. */
const isWebLink = (value: string) => /^https?:\/\/[^\s]+$/i.test(value);

/** Header-safe: a subject is one line, whatever a param contained. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

function toText(blocks: Block[], language: Language): string {
  const parts = blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('code' in block) return block.code;
    return `${block.label}: ${block.link}`;
  });
  return [...parts, `— ${SIGNATURE[language]}`].join('\n\n');
}

function toHtml(subject: string, blocks: Block[], language: Language): string {
  const rtl = isRtl(language);
  const dir = rtl ? 'rtl' : 'ltr';
  const align = rtl ? 'right' : 'left';
  const paragraph = 'margin:0 0 16px;font-size:16px;line-height:1.5';
  const body = blocks
    .map((block) => {
      if (typeof block === 'string') return `<p style="${paragraph}">${escapeHtml(block)}</p>`;
      if ('code' in block) {
        // Digits read left to right in every language.
        return `<p dir="ltr" style="${paragraph};font-size:32px;font-weight:700;letter-spacing:6px;text-align:center;font-family:monospace">${escapeHtml(block.code)}</p>`;
      }
      if (!isWebLink(block.link)) return `<p style="${paragraph}">${escapeHtml(block.label)}: ${escapeHtml(block.link)}</p>`;
      const href = escapeHtml(block.link);
      return (
        `<p style="${paragraph}"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#2f5d3a;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(block.label)}</a></p>` +
        `<p dir="ltr" style="${paragraph};font-size:13px;color:#5b6359;word-break:break-all;text-align:${align}">${href}</p>`
      );
    })
    .join('\n');
  return [
    '<!doctype html>',
    `<html lang="${language}" dir="${dir}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body dir="${dir}" style="margin:0;padding:24px;background:#f4f1ea;color:#1f2a1f;font-family:Arial,Helvetica,sans-serif">`,
    `<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;text-align:${align}">`,
    body,
    `<p style="${paragraph};color:#5b6359">— ${escapeHtml(SIGNATURE[language])}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

/** Renders one template in one language: plain text always, HTML for e-mail. */
export function renderTemplate<T extends TemplateName>(options: { template: T; language: Language; params: TemplateParams[T] }): RenderedMessage {
  const translate = COPY[options.template][options.language] as (params: TemplateParams[T]) => Copy;
  const copy = translate(options.params);
  const subject = oneLine(copy.subject);
  return { subject, text: toText(copy.blocks, options.language), html: toHtml(subject, copy.blocks, options.language) };
}

/**
 * The templates keyed by name: `TEMPLATES['password-reset'](params, 'es')`, in en, es, ar and ms.
 */
export const TEMPLATES = Object.fromEntries(
  TEMPLATE_NAMES.map((template) => [template, (params: never, language: Language) => renderTemplate({ template, language, params })]),
) as { [K in TemplateName]: (params: TemplateParams[K], language: Language) => RenderedMessage };
