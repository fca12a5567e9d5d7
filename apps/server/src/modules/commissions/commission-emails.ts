import type { Language } from '@tessera/contracts';

/**
 * The e-mails of commissions (issue #13 §2), in the four languages: each step tells the other side
 * (the buyer's steps the store, the store's the buyer), one template per step like the quotations'.
 * Queued in the step's own transaction (commission_history is written there too): the outbox sends it.
 */
export const COMMISSION_NEWS = [
  'request',
  'propose',
  'decline',
  'accept',
  'proof',
  'approve',
  'request_changes',
  'refuse_changes',
  'start_production',
  'mark_ready',
  'pay_balance',
  'deliver',
  'cancel',
] as const;
export type CommissionNews = (typeof COMMISSION_NEWS)[number];

export interface CommissionUpdateParams {
  /** The piece: the product's title or the title the buyer gave it. */
  title: string;
  link: string;
}

type Block = string | { link: string; label: string };
type Copy = Record<Language, (params: CommissionUpdateParams) => { subject: string; blocks: Block[] }>;

const LINES: Record<Language, Record<CommissionNews, (title: string) => string> & { open: string }> = {
  en: {
    request: (t) => `A buyer asks your store for a custom piece: ${t}`,
    propose: (t) => `The store sent you a proposal for: ${t}`,
    decline: (t) => `The commission was declined: ${t}`,
    accept: (t) => `The buyer accepted your proposal and paid the deposit: ${t}`,
    proof: (t) => `A new proof is ready for you to look at: ${t}`,
    approve: (t) => `The buyer approved the proof: ${t}`,
    request_changes: (t) => `The buyer asks for changes to the proof: ${t}`,
    refuse_changes: (t) => `The store kept the proof as it is (the agreed change rounds are used): ${t}`,
    start_production: (t) => `Your piece is in production: ${t}`,
    mark_ready: (t) => `Your piece is ready: pay the balance to have it delivered: ${t}`,
    pay_balance: (t) => `The buyer paid the balance: ${t}`,
    deliver: (t) => `Your piece was delivered: ${t}`,
    cancel: (t) => `The commission was cancelled: ${t}`,
    open: 'Open the commission',
  },
  es: {
    request: (t) => `Un comprador pide a tu tienda una pieza a medida: ${t}`,
    propose: (t) => `La tienda te envió una propuesta para: ${t}`,
    decline: (t) => `El encargo fue rechazado: ${t}`,
    accept: (t) => `El comprador aceptó tu propuesta y pagó el anticipo: ${t}`,
    proof: (t) => `Hay una nueva prueba para que la revises: ${t}`,
    approve: (t) => `El comprador aprobó la prueba: ${t}`,
    request_changes: (t) => `El comprador pide cambios en la prueba: ${t}`,
    refuse_changes: (t) => `La tienda mantuvo la prueba tal cual (se usaron las rondas acordadas): ${t}`,
    start_production: (t) => `Tu pieza está en producción: ${t}`,
    mark_ready: (t) => `Tu pieza está lista: paga el resto para recibirla: ${t}`,
    pay_balance: (t) => `El comprador pagó el resto: ${t}`,
    deliver: (t) => `Tu pieza fue entregada: ${t}`,
    cancel: (t) => `El encargo fue cancelado: ${t}`,
    open: 'Abrir el encargo',
  },
  ar: {
    request: (t) => `يطلب مشترٍ من متجرك قطعة مخصّصة: ${t}`,
    propose: (t) => `أرسل لك المتجر عرضًا لـ: ${t}`,
    decline: (t) => `رُفض الطلب المخصّص: ${t}`,
    accept: (t) => `قبل المشتري عرضك ودفع الدفعة المقدّمة: ${t}`,
    proof: (t) => `نموذج جديد جاهز لتطّلع عليه: ${t}`,
    approve: (t) => `وافق المشتري على النموذج: ${t}`,
    request_changes: (t) => `يطلب المشتري تعديلات على النموذج: ${t}`,
    refuse_changes: (t) => `أبقى المتجر النموذج كما هو (استُخدمت جولات التعديل المتفق عليها): ${t}`,
    start_production: (t) => `قطعتك قيد التصنيع: ${t}`,
    mark_ready: (t) => `قطعتك جاهزة: ادفع المبلغ المتبقي لتسليمها: ${t}`,
    pay_balance: (t) => `دفع المشتري المبلغ المتبقي: ${t}`,
    deliver: (t) => `سُلّمت قطعتك: ${t}`,
    cancel: (t) => `أُلغي الطلب المخصّص: ${t}`,
    open: 'افتح الطلب',
  },
  ms: {
    request: (t) => `Seorang pembeli meminta barangan tempahan khas daripada kedai anda: ${t}`,
    propose: (t) => `Kedai telah menghantar cadangan kepada anda untuk: ${t}`,
    decline: (t) => `Tempahan khas telah ditolak: ${t}`,
    accept: (t) => `Pembeli menerima cadangan anda dan membayar deposit: ${t}`,
    proof: (t) => `Bukti baharu sedia untuk anda lihat: ${t}`,
    approve: (t) => `Pembeli meluluskan bukti: ${t}`,
    request_changes: (t) => `Pembeli meminta perubahan pada bukti: ${t}`,
    refuse_changes: (t) => `Kedai mengekalkan bukti itu (pusingan perubahan yang dipersetujui telah digunakan): ${t}`,
    start_production: (t) => `Barangan anda dalam pengeluaran: ${t}`,
    mark_ready: (t) => `Barangan anda sudah siap: bayar baki untuk penghantaran: ${t}`,
    pay_balance: (t) => `Pembeli telah membayar baki: ${t}`,
    deliver: (t) => `Barangan anda telah dihantar: ${t}`,
    cancel: (t) => `Tempahan khas telah dibatalkan: ${t}`,
    open: 'Buka tempahan',
  },
};

const copy = (news: CommissionNews, language: Language) => (p: CommissionUpdateParams) => {
  const line = LINES[language][news](p.title);
  return { subject: line.length > 120 ? `${line.slice(0, 117)}…` : line, blocks: [line, { link: p.link, label: LINES[language].open }] };
};

/** 'commission-request-changes' for 'request_changes'. */
type Dashed<S extends string> = S extends `${infer A}_${infer B}` ? `${A}-${Dashed<B>}` : S;
export type CommissionTemplateName = `commission-${Dashed<CommissionNews>}`;
export const commissionTemplate = (news: CommissionNews) => `commission-${news.replaceAll('_', '-')}` as CommissionTemplateName;

export const COMMISSION_TEMPLATES_COPY = Object.fromEntries(
  COMMISSION_NEWS.map((news) => [commissionTemplate(news), { en: copy(news, 'en'), es: copy(news, 'es'), ar: copy(news, 'ar'), ms: copy(news, 'ms') }]),
) as Record<CommissionTemplateName, Copy>;
