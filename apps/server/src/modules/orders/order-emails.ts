import type { Language } from '@tessera/contracts';

/**
 * The buyer's e-mail for each change of a store order (issue #11 §4: placed, accepted, dispatched,
 * delivered, cancelled, refunded), in the four languages: one notifications template per status
 * ('order-placed', 'order-accepted', …), all made by one function.
 */
export const ORDER_EMAIL_STATUSES = ['placed', 'accepted', 'dispatched', 'ready_for_pickup', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderEmailStatus = (typeof ORDER_EMAIL_STATUSES)[number];

export interface OrderUpdateParams {
  orderId: string;
  storeName: string;
  link: string;
  /** The cancellation reason or refund note; '' when none. */
  reason: string;
}

type Block = string | { link: string; label: string };

const PHRASES: Record<Language, Record<OrderEmailStatus, string>> = {
  en: {
    placed: 'has been placed',
    accepted: 'has been accepted by the seller',
    dispatched: 'is on its way',
    ready_for_pickup: 'is ready for pickup',
    delivered: 'has been delivered',
    cancelled: 'has been cancelled',
    refunded: 'has been refunded',
  },
  es: {
    placed: 'se ha realizado',
    accepted: 'ha sido aceptado por el vendedor',
    dispatched: 'está en camino',
    ready_for_pickup: 'está listo para recoger',
    delivered: 'ha sido entregado',
    cancelled: 'ha sido cancelado',
    refunded: 'ha sido reembolsado',
  },
  ar: {
    placed: 'تم تقديمه',
    accepted: 'قبله البائع',
    dispatched: 'في الطريق إليك',
    ready_for_pickup: 'جاهز للاستلام',
    delivered: 'تم توصيله',
    cancelled: 'تم إلغاؤه',
    refunded: 'تم رد مبلغه',
  },
  ms: {
    placed: 'telah dibuat',
    accepted: 'telah diterima oleh penjual',
    dispatched: 'sedang dalam perjalanan',
    ready_for_pickup: 'sedia untuk diambil',
    delivered: 'telah dihantar',
    cancelled: 'telah dibatalkan',
    refunded: 'telah dibayar balik',
  },
};

const WORDS: Record<Language, { order: string; from: string; see: string; reason: string }> = {
  en: { order: 'Your order', from: 'from', see: 'See your order', reason: 'Reason' },
  es: { order: 'Tu pedido', from: 'de', see: 'Ver tu pedido', reason: 'Motivo' },
  ar: { order: 'طلبك', from: 'من', see: 'عرض طلبك', reason: 'السبب' },
  ms: { order: 'Pesanan anda', from: 'daripada', see: 'Lihat pesanan anda', reason: 'Sebab' },
};

type Copy = Record<Language, (params: OrderUpdateParams) => { subject: string; blocks: Block[] }>;

const copyOf = (status: OrderEmailStatus): Copy => {
  const copyIn =
    (language: Language) =>
    ({ orderId, storeName, link, reason }: OrderUpdateParams) => {
      const words = WORDS[language];
      const phrase = PHRASES[language][status];
      // The subject carries a short reference; the text the whole order id (seed label).
      return {
        subject: `${words.order} ${orderId.slice(-8).toUpperCase()} ${phrase}`,
        blocks: [`${words.order} ${orderId} ${words.from} ${storeName} ${phrase}.`, ...(reason ? [`${words.reason}: ${reason}`] : []), { link, label: words.see }] as Block[],
      };
    };
  return { en: copyIn('en'), es: copyIn('es'), ar: copyIn('ar'), ms: copyIn('ms') };
};

/** The template name of each status. */
export const orderTemplate = (status: OrderEmailStatus) => `order-${status.replaceAll('_', '-')}` as OrderTemplateName;

export type OrderTemplateName = 'order-placed' | 'order-accepted' | 'order-dispatched' | 'order-ready-for-pickup' | 'order-delivered' | 'order-cancelled' | 'order-refunded';

export const ORDER_TEMPLATES_COPY: Record<OrderTemplateName, Copy> = {
  'order-placed': copyOf('placed'),
  'order-accepted': copyOf('accepted'),
  'order-dispatched': copyOf('dispatched'),
  'order-ready-for-pickup': copyOf('ready_for_pickup'),
  'order-delivered': copyOf('delivered'),
  'order-cancelled': copyOf('cancelled'),
  'order-refunded': copyOf('refunded'),
};
