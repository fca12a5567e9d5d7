import type { Language } from '@tessera/contracts';

/**
 * The e-mails of the quotations module, in the four languages, one template per news (like the
 * orders' e-mails): a store invited to answer a request, a buyer told of an answer, a store told its
 * quotation was accepted or not chosen, the other side told of a withdrawal. Queued in the
 * transaction of the change (the outbox sends it).
 */
export const QUOTATION_NEWS = ['invited', 'answered', 'accepted', 'not_chosen', 'withdrawn'] as const;
export type QuotationNews = (typeof QUOTATION_NEWS)[number];

export interface QuotationUpdateParams {
  /** What was asked: the product's title or the request's first words. */
  title: string;
  link: string;
}

type Block = string | { link: string; label: string };
type Copy = Record<Language, (params: QuotationUpdateParams) => { subject: string; blocks: Block[] }>;

const LINES: Record<Language, Record<QuotationNews, (title: string) => string> & { open: string }> = {
  en: {
    invited: (t) => `A buyer asks your store for a quotation: ${t}`,
    answered: (t) => `A store has answered your request for quotation: ${t}`,
    accepted: (t) => `The buyer accepted your quotation: ${t}`,
    not_chosen: (t) => `The buyer chose another quotation for: ${t}`,
    withdrawn: (t) => `The buyer withdrew the request for quotation: ${t}`,
    open: 'Open the quotation',
  },
  es: {
    invited: (t) => `Un comprador pide una cotización a tu tienda: ${t}`,
    answered: (t) => `Una tienda ha respondido a tu solicitud de cotización: ${t}`,
    accepted: (t) => `El comprador aceptó tu cotización: ${t}`,
    not_chosen: (t) => `El comprador eligió otra cotización para: ${t}`,
    withdrawn: (t) => `El comprador retiró la solicitud de cotización: ${t}`,
    open: 'Abrir la cotización',
  },
  ar: {
    invited: (t) => `يطلب مشترٍ عرض سعر من متجرك: ${t}`,
    answered: (t) => `ردّ متجر على طلب عرض السعر الخاص بك: ${t}`,
    accepted: (t) => `قبل المشتري عرض السعر الخاص بك: ${t}`,
    not_chosen: (t) => `اختار المشتري عرض سعر آخر لـ: ${t}`,
    withdrawn: (t) => `سحب المشتري طلب عرض السعر: ${t}`,
    open: 'افتح عرض السعر',
  },
  ms: {
    invited: (t) => `Seorang pembeli meminta sebut harga daripada kedai anda: ${t}`,
    answered: (t) => `Sebuah kedai telah menjawab permintaan sebut harga anda: ${t}`,
    accepted: (t) => `Pembeli telah menerima sebut harga anda: ${t}`,
    not_chosen: (t) => `Pembeli memilih sebut harga lain untuk: ${t}`,
    withdrawn: (t) => `Pembeli telah menarik balik permintaan sebut harga: ${t}`,
    open: 'Buka sebut harga',
  },
};

const copy = (news: QuotationNews, language: Language) => (p: QuotationUpdateParams) => {
  const line = LINES[language][news](p.title);
  return { subject: line.length > 120 ? `${line.slice(0, 117)}…` : line, blocks: [line, { link: p.link, label: LINES[language].open }] };
};

export type QuotationTemplateName = 'quotation-invited' | 'quotation-answered' | 'quotation-accepted' | 'quotation-not-chosen' | 'quotation-withdrawn';
export const quotationTemplate = (news: QuotationNews) => `quotation-${news.replaceAll('_', '-')}` as QuotationTemplateName;
const copyOf = (news: QuotationNews): Copy => ({ en: copy(news, 'en'), es: copy(news, 'es'), ar: copy(news, 'ar'), ms: copy(news, 'ms') });

export const QUOTATION_TEMPLATES_COPY: Record<QuotationTemplateName, Copy> = {
  'quotation-invited': copyOf('invited'),
  'quotation-answered': copyOf('answered'),
  'quotation-accepted': copyOf('accepted'),
  'quotation-not-chosen': copyOf('not_chosen'),
  'quotation-withdrawn': copyOf('withdrawn'),
};
