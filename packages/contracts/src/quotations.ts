import { z } from 'zod';
import { zId, zText } from './text.js';

/**
 * Quotations and requests for quotation (issue #13 §1). A buyer asks one store for a quotation on a
 * product, or posts a request for quotation (RFQ) that invites every store making such things; each
 * invited store has one quotation row whose state follows QUOTATION_TRANSITIONS (data, like the
 * orders' table), with a history row per move. Error codes are spread into ERROR_CODES and their
 * messages into the four languages' tables (errors.ts).
 */
export const QUOTATION_ERROR_CODES = {
  QUOTATION_BELOW_MOQ: 400,
  QUOTATION_NOT_INVITED: 403,
  QUOTATION_EXPIRED: 409,
  QUOTATION_NOT_ALLOWED: 409,
  QUOTATION_CLOSED: 409,
} as const;

export type QuotationErrorCode = keyof typeof QUOTATION_ERROR_CODES;
type Messages = Record<QuotationErrorCode, string>;

export const QUOTATION_ERROR_MESSAGES: { en: Messages; es: Messages; ar: Messages; ms: Messages } = {
  en: {
    QUOTATION_BELOW_MOQ: 'The quantity is below the product’s minimum order quantity.',
    QUOTATION_NOT_INVITED: 'Your store is not invited to answer this request.',
    QUOTATION_EXPIRED: 'This quotation has expired.',
    QUOTATION_NOT_ALLOWED: 'This quotation cannot be changed that way in its current state.',
    QUOTATION_CLOSED: 'This request is closed: a quotation was accepted or the request was withdrawn.',
  },
  es: {
    QUOTATION_BELOW_MOQ: 'La cantidad es inferior al pedido mínimo del producto.',
    QUOTATION_NOT_INVITED: 'Tu tienda no está invitada a responder esta solicitud.',
    QUOTATION_EXPIRED: 'Esta cotización ha caducado.',
    QUOTATION_NOT_ALLOWED: 'Esta cotización no se puede cambiar así en su estado actual.',
    QUOTATION_CLOSED: 'Esta solicitud está cerrada: se aceptó una cotización o se retiró la solicitud.',
  },
  ar: {
    QUOTATION_BELOW_MOQ: 'الكمية أقل من الحد الأدنى للطلب لهذا المنتج.',
    QUOTATION_NOT_INVITED: 'متجرك غير مدعو للرد على هذا الطلب.',
    QUOTATION_EXPIRED: 'انتهت صلاحية عرض السعر هذا.',
    QUOTATION_NOT_ALLOWED: 'لا يمكن تغيير عرض السعر هذا بهذه الطريقة في حالته الحالية.',
    QUOTATION_CLOSED: 'هذا الطلب مغلق: تم قبول عرض سعر أو سحب الطلب.',
  },
  ms: {
    QUOTATION_BELOW_MOQ: 'Kuantiti di bawah kuantiti pesanan minimum produk.',
    QUOTATION_NOT_INVITED: 'Kedai anda tidak dijemput untuk menjawab permintaan ini.',
    QUOTATION_EXPIRED: 'Sebut harga ini telah tamat tempoh.',
    QUOTATION_NOT_ALLOWED: 'Sebut harga ini tidak boleh diubah begitu dalam keadaannya sekarang.',
    QUOTATION_CLOSED: 'Permintaan ini ditutup: satu sebut harga telah diterima atau permintaan ditarik balik.',
  },
};

export const QUOTATION_STATES = ['requested', 'answered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type QuotationState = (typeof QUOTATION_STATES)[number];
export type QuotationActor = 'buyer' | 'seller' | 'system';

/**
 * The quotation lifecycle as data: from a state, which states may follow and who moves it there.
 * The seller answers (or declines) a request; the buyer accepts or declines an answer; the buyer
 * withdraws his request, the seller his answer; the system expires what is past its date and
 * declines the others when one is accepted.
 */
export const QUOTATION_TRANSITIONS: Record<QuotationState, Partial<Record<QuotationState, readonly QuotationActor[]>>> = {
  requested: { answered: ['seller'], declined: ['seller', 'system'], withdrawn: ['buyer'], expired: ['system'] },
  answered: { accepted: ['buyer'], declined: ['buyer', 'system'], withdrawn: ['buyer', 'seller'], expired: ['system'] },
  accepted: {},
  declined: {},
  expired: {},
  withdrawn: {},
};

export const QUOTATION_LIMITS = {
  notes: 2000,
  description: 4000,
  terms: 4000,
  attachments: 5,
  tiers: 10,
  filters: 10,
  leadTimeDaysMax: 365,
  validityDaysMax: 180,
} as const;
export const QUOTATION_REQUEST_KINDS = ['product', 'rfq'] as const;
export type QuotationRequestKind = (typeof QUOTATION_REQUEST_KINDS)[number];
export const QUOTATION_REQUEST_STATUSES = ['open', 'closed', 'withdrawn'] as const;
export type QuotationRequestStatus = (typeof QUOTATION_REQUEST_STATUSES)[number];

const zKey = () => z.string().trim().min(8, { error: 'REQUIRED' }).max(100);
const zMinor = () => z.number().int().min(0).max(1_000_000_000_000);
const zQuantity = () => z.number().int().min(1).max(10_000_000);
const zAttachmentIds = () => z.array(zId()).max(QUOTATION_LIMITS.attachments).default([]);
const zFilters = () => z.array(zText().trim().min(1).max(60)).max(QUOTATION_LIMITS.filters).default([]);
const zTime = () => z.number().int().min(0);

export const ZProductQuotationRequestSchema = z
  .object({
    kind: z.literal('product'),
    idempotencyKey: zKey(),
    productId: zId(),
    variantId: zId().optional(),
    quantity: zQuantity(),
    /** The date the buyer wants the goods by (UTC ms). */
    wantedBy: zTime().optional(),
    addressId: zId().optional(),
    notes: zText().trim().max(QUOTATION_LIMITS.notes).default(''),
    attachmentIds: zAttachmentIds(),
  })
  .strict();

export const ZRfqRequestSchema = z
  .object({
    kind: z.literal('rfq'),
    idempotencyKey: zKey(),
    categoryId: zId(),
    description: zText().trim().min(10).max(QUOTATION_LIMITS.description),
    quantity: zQuantity(),
    /** Per unit, minor units of `currency`. */
    targetPrice: zMinor().optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('MYR'),
    /** Answers are taken until then (UTC ms). */
    deadline: zTime(),
    addressId: zId().optional(),
    /** Only stores whose published products of the category use one of these materials. */
    materials: zFilters(),
    /** Only stores whose published products of the category hold a valid certificate of one of these schemes. */
    certificates: zFilters(),
    attachmentIds: zAttachmentIds(),
  })
  .strict();

export const ZQuotationRequestCreateSchema = z.discriminatedUnion('kind', [ZProductQuotationRequestSchema, ZRfqRequestSchema]);
export type TQuotationRequestCreate = z.input<typeof ZQuotationRequestCreateSchema>;

/** A quoted price is never 0: a free answer is a mistyped one (the target price of a request may be left out instead). */
const zQuotedPrice = () => zMinor().min(1);
export const ZQuotationTierSchema = z.object({ minQuantity: zQuantity(), unitPrice: zQuotedPrice() }).strict();
export type TQuotationTier = z.infer<typeof ZQuotationTierSchema>;

export const ZQuotationAnswerSchema = z
  .object({
    /** The store's product quoted (an RFQ's answer names it; a product request's is that product). */
    productId: zId().optional(),
    variantId: zId().optional(),
    unitPrice: zQuotedPrice(),
    tiers: z.array(ZQuotationTierSchema).max(QUOTATION_LIMITS.tiers).default([]),
    leadTimeDays: z.number().int().min(0).max(QUOTATION_LIMITS.leadTimeDaysMax),
    /** The quotation holds until then (UTC ms). */
    validUntil: zTime(),
    terms: zText().trim().max(QUOTATION_LIMITS.terms).default(''),
    attachmentIds: zAttachmentIds(),
  })
  .strict();
export type TQuotationAnswer = z.input<typeof ZQuotationAnswerSchema>;

export const ZQuotationAcceptSchema = z.object({ idempotencyKey: zKey() }).strict();
export const ZQuotationNoteSchema = z.object({ note: zText().trim().max(500).default('') }).strict();

export const ZQuotationAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** In the seller portal's reads: a signed link that opens the file without a session, until `expiresAt` (the portal's token is no cookie). */
  url: z.string().optional(),
  expiresAt: z.number().optional(),
});
export type TQuotationAttachment = z.infer<typeof ZQuotationAttachmentSchema>;

export const ZQuotationHistorySchema = z.object({
  from: z.enum(QUOTATION_STATES).nullable(),
  to: z.enum(QUOTATION_STATES),
  actor: z.enum(['buyer', 'seller', 'system']),
  note: z.string(),
  at: z.number(),
});

export const ZQuotationProductSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  moq: z.number().int(),
  originCountry: z.string(),
  originRegion: z.string(),
  makerName: z.string(),
  productionMethod: z.string(),
  certificates: z.array(z.string()),
  materials: z.array(z.string()),
});
export type TQuotationProduct = z.infer<typeof ZQuotationProductSchema>;

export const ZQuotationSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  state: z.enum(QUOTATION_STATES),
  store: z.object({ id: z.string(), name: z.string(), alias: z.string(), rating: z.number(), chatUserId: z.string() }),
  product: ZQuotationProductSchema.nullable(),
  variantId: z.string().nullable(),
  currency: z.string(),
  unitPrice: z.number().int().nullable(),
  tiers: z.array(ZQuotationTierSchema),
  /** The unit price that applies to the request's quantity (the best tier reached), and the goods' total. */
  priceForQuantity: z.number().int().nullable(),
  total: z.number().int().nullable(),
  leadTimeDays: z.number().int().nullable(),
  validUntil: z.number().nullable(),
  terms: z.string(),
  attachments: z.array(ZQuotationAttachmentSchema),
  /** The store's delivery fee to the location asked (the cart's rules); null when it does not deliver there. */
  deliveryFee: z.number().int().nullable(),
  invited: z.boolean(),
  answeredAt: z.number().nullable(),
  history: z.array(ZQuotationHistorySchema),
});
export type TQuotation = z.infer<typeof ZQuotationSchema>;

export const ZQuotationRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(QUOTATION_REQUEST_KINDS),
  status: z.enum(QUOTATION_REQUEST_STATUSES),
  buyerName: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  product: ZQuotationProductSchema.nullable(),
  variantId: z.string().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  targetPrice: z.number().int().nullable(),
  currency: z.string(),
  wantedBy: z.number().nullable(),
  deadline: z.number().nullable(),
  addressId: z.string().nullable(),
  materials: z.array(z.string()),
  certificates: z.array(z.string()),
  attachments: z.array(ZQuotationAttachmentSchema),
  acceptedQuotationId: z.string().nullable(),
  counts: z.record(z.enum(QUOTATION_STATES), z.number().int()),
  createdAt: z.number(),
});
export type TQuotationRequest = z.infer<typeof ZQuotationRequestSchema>;

export const ZQuotationRequestDetailSchema = ZQuotationRequestSchema.extend({ quotations: z.array(ZQuotationSchema) });
export type TQuotationRequestDetail = z.infer<typeof ZQuotationRequestDetailSchema>;

/** A seller's inbox row: the request as his store sees it and his quotation. */
export const ZSellerQuotationSchema = z.object({ request: ZQuotationRequestSchema, quotation: ZQuotationSchema.nullable() });
export type TSellerQuotation = z.infer<typeof ZSellerQuotationSchema>;

export const ZQuotationListQuerySchema = z.object({ state: z.enum(QUOTATION_STATES).optional(), limit: z.coerce.number().int().min(1).max(100).default(50) });
export const ZQuotationLocationQuerySchema = z.object({
  latitude: z.coerce.number().min(-90).max(90).optional(),
  longitude: z.coerce.number().min(-180).max(180).optional(),
});

const answer = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });
export const ZQuotationRequestResponseSchema = answer(ZQuotationRequestDetailSchema);
export const ZQuotationRequestsResponseSchema = answer(z.array(ZQuotationRequestSchema));
export const ZSellerQuotationResponseSchema = answer(ZSellerQuotationSchema);
export const ZSellerQuotationsResponseSchema = answer(z.array(ZSellerQuotationSchema));
export const ZQuotationAcceptResponseSchema = answer(z.object({ quotation: ZQuotationSchema, cartLineId: z.string() }));
export const ZQuotationAttachmentsResponseSchema = answer(z.array(ZQuotationAttachmentSchema));
export const ZQuotationChatResponseSchema = answer(z.object({ conversationId: z.string() }));
export const ZAdminQuotationsResponseSchema = answer(
  z.object({ requests: z.array(ZQuotationRequestSchema), totals: z.record(z.enum(QUOTATION_STATES), z.number().int()) }),
);

/** The unit price for a quantity: the tier with the largest minimum reached, else the base price. */
export function unitPriceFor(unitPrice: number, tiers: readonly TQuotationTier[], quantity: number): number {
  let best: TQuotationTier | undefined;
  for (const tier of tiers) if (tier.minQuantity <= quantity && (!best || tier.minQuantity > best.minQuantity)) best = tier;
  return best ? best.unitPrice : unitPrice;
}
