import { z } from 'zod';
import { ZMoneySchema } from './catalog.js';
import { ZCardSourceSchema, ZPaymentOutcomeSchema } from './payments.js';
import { zId, zText } from './text.js';

/**
 * Customised and fully custom products: commissions (issue #13 §2). The seed's state keys name the
 * two kinds: `CustomProduct` (a product that allows customisation, customised) and `fullyCustom` (a
 * piece described from scratch to a store, whose description is the `newProduct`).
 */
export const COMMISSION_KINDS = ['CustomProduct', 'fullyCustom'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/** What a seller may let buyers choose on a product (the product's customisation). */
export const CUSTOM_OPTIONS = ['size', 'colour', 'material', 'personalisation'] as const;
export type CustomOption = (typeof CUSTOM_OPTIONS)[number];

export const COMMISSION_STATUSES = [
  'requested',
  'proposed',
  'deposit_paid',
  'proof_sent',
  'changes_requested',
  'approved',
  'in_production',
  'ready',
  'paid',
  'delivered',
  'cancelled',
  'declined',
] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export const COMMISSION_ACTIONS = [
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
export type CommissionAction = (typeof COMMISSION_ACTIONS)[number];
export type CommissionActor = 'buyer' | 'seller';

/**
 * The allowed changes, as data (DESIGN §6, Vendure's order process): from a state, an action leads
 * to a state and is open to these actors. Anything not listed is refused with its reason.
 * `accept` pays the deposit, `pay_balance` the rest; `cancel` refunds by the proposal's rule.
 */
export const COMMISSION_TRANSITIONS: Record<CommissionStatus, Partial<Record<CommissionAction, { to: CommissionStatus; by: readonly CommissionActor[] }>>> = {
  requested: { propose: { to: 'proposed', by: ['seller'] }, decline: { to: 'declined', by: ['seller'] }, cancel: { to: 'cancelled', by: ['buyer'] } },
  proposed: {
    propose: { to: 'proposed', by: ['seller'] },
    accept: { to: 'deposit_paid', by: ['buyer'] },
    decline: { to: 'declined', by: ['buyer'] },
    cancel: { to: 'cancelled', by: ['buyer', 'seller'] },
  },
  deposit_paid: { proof: { to: 'proof_sent', by: ['seller'] }, cancel: { to: 'cancelled', by: ['buyer', 'seller'] } },
  proof_sent: {
    approve: { to: 'approved', by: ['buyer'] },
    request_changes: { to: 'changes_requested', by: ['buyer'] },
    cancel: { to: 'cancelled', by: ['buyer', 'seller'] },
  },
  changes_requested: {
    proof: { to: 'proof_sent', by: ['seller'] },
    refuse_changes: { to: 'proof_sent', by: ['seller'] },
    cancel: { to: 'cancelled', by: ['buyer', 'seller'] },
  },
  approved: { start_production: { to: 'in_production', by: ['seller'] }, cancel: { to: 'cancelled', by: ['buyer', 'seller'] } },
  in_production: { mark_ready: { to: 'ready', by: ['seller'] }, cancel: { to: 'cancelled', by: ['buyer', 'seller'] } },
  ready: { pay_balance: { to: 'paid', by: ['buyer'] }, cancel: { to: 'cancelled', by: ['seller'] } },
  paid: { deliver: { to: 'delivered', by: ['seller'] }, cancel: { to: 'cancelled', by: ['seller'] } },
  delivered: {},
  cancelled: {},
  declined: {},
};

export const COMMISSION_FINISHED: readonly CommissionStatus[] = ['delivered', 'cancelled', 'declined'];

export const COMMISSION_LIMITS = {
  title: 120,
  description: 4000,
  note: 2000,
  choice: 80,
  personalisation: 200,
  quantity: 10_000,
  images: 6,
  leadTimeDays: 365,
  changeRounds: 10,
} as const;

export const COMMISSION_ERROR_CODES = {
  COMMISSION_NOT_CUSTOMISABLE: 409,
  COMMISSION_OPTION_NOT_OFFERED: 400,
  COMMISSION_STEP_NOT_ALLOWED: 409,
  COMMISSION_NOT_YOUR_STEP: 409,
  COMMISSION_CHANGES_WITHIN_ROUNDS: 409,
  COMMISSION_IMAGES_LIMIT: 400,
} as const;
export type CommissionErrorCode = keyof typeof COMMISSION_ERROR_CODES;
type Messages = Record<CommissionErrorCode, string>;

export const COMMISSION_ERROR_MESSAGES: { en: Messages; es: Messages; ar: Messages; ms: Messages } = {
  en: {
    COMMISSION_NOT_CUSTOMISABLE: 'This product cannot be customised. Ask the store for a custom piece instead.',
    COMMISSION_OPTION_NOT_OFFERED: 'The store does not offer this option on this product.',
    COMMISSION_STEP_NOT_ALLOWED: 'This step is not possible at this stage of the commission. Reload to see where it stands.',
    COMMISSION_NOT_YOUR_STEP: 'This step is for the other side of the commission.',
    COMMISSION_CHANGES_WITHIN_ROUNDS: 'These changes are within the rounds agreed: send a new proof instead.',
    COMMISSION_IMAGES_LIMIT: 'At most 6 images can be added at a time.',
  },
  es: {
    COMMISSION_NOT_CUSTOMISABLE: 'Este producto no se puede personalizar. Pide a la tienda una pieza a medida.',
    COMMISSION_OPTION_NOT_OFFERED: 'La tienda no ofrece esta opción en este producto.',
    COMMISSION_STEP_NOT_ALLOWED: 'Este paso no es posible en esta etapa del encargo. Recarga para ver en qué punto está.',
    COMMISSION_NOT_YOUR_STEP: 'Este paso corresponde a la otra parte del encargo.',
    COMMISSION_CHANGES_WITHIN_ROUNDS: 'Estos cambios están dentro de las rondas acordadas: envía una nueva prueba.',
    COMMISSION_IMAGES_LIMIT: 'Se pueden añadir como máximo 6 imágenes a la vez.',
  },
  ar: {
    COMMISSION_NOT_CUSTOMISABLE: 'لا يمكن تخصيص هذا المنتج. اطلب من المتجر قطعة مصنوعة حسب الطلب بدلًا من ذلك.',
    COMMISSION_OPTION_NOT_OFFERED: 'لا يقدّم المتجر هذا الخيار لهذا المنتج.',
    COMMISSION_STEP_NOT_ALLOWED: 'هذه الخطوة غير ممكنة في هذه المرحلة من الطلب. أعد التحميل لمعرفة حالته.',
    COMMISSION_NOT_YOUR_STEP: 'هذه الخطوة للطرف الآخر من الطلب.',
    COMMISSION_CHANGES_WITHIN_ROUNDS: 'هذه التعديلات ضمن الجولات المتفق عليها: أرسل نموذجًا جديدًا بدلًا من ذلك.',
    COMMISSION_IMAGES_LIMIT: 'يمكن إضافة 6 صور على الأكثر في كل مرة.',
  },
  ms: {
    COMMISSION_NOT_CUSTOMISABLE: 'Produk ini tidak boleh disesuaikan. Minta kedai membuat barangan tempahan khas.',
    COMMISSION_OPTION_NOT_OFFERED: 'Kedai tidak menawarkan pilihan ini untuk produk ini.',
    COMMISSION_STEP_NOT_ALLOWED: 'Langkah ini tidak boleh dibuat pada peringkat tempahan ini. Muat semula untuk melihat statusnya.',
    COMMISSION_NOT_YOUR_STEP: 'Langkah ini untuk pihak yang satu lagi dalam tempahan.',
    COMMISSION_CHANGES_WITHIN_ROUNDS: 'Perubahan ini dalam pusingan yang dipersetujui: hantar bukti baharu.',
    COMMISSION_IMAGES_LIMIT: 'Paling banyak 6 imej boleh ditambah pada satu masa.',
  },
};

const zLine = (max: number) => zText().trim().max(max);
const zRequiredLine = (max: number) => zText().trim().min(1, { error: 'REQUIRED' }).max(max);
const zQuantity = () => z.number().int().min(1).max(COMMISSION_LIMITS.quantity);
/** A calendar day, YYYY-MM-DD. */
const zDay = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'ENTER_VALID_DATE' });

/** The seller's customisation settings of a product: whether it allows customisation and which options. */
export const ZProductCustomisationSchema = z
  .object({ allowed: z.boolean(), options: z.array(z.enum(CUSTOM_OPTIONS)).max(CUSTOM_OPTIONS.length) })
  .strict()
  .refine((value) => !value.allowed || value.options.length > 0, { error: 'REQUIRED', path: ['options'] });
export type TProductCustomisation = z.infer<typeof ZProductCustomisationSchema>;
export const ZProductCustomisationResponseSchema = z.object({ message: z.string(), data: ZProductCustomisationSchema });

/** The buyer's choices on a customisable product (`CustomProduct`). */
export const ZCustomChoicesSchema = z
  .object({
    size: zLine(COMMISSION_LIMITS.choice).optional(),
    colour: zLine(COMMISSION_LIMITS.choice).optional(),
    material: zLine(COMMISSION_LIMITS.choice).optional(),
  })
  .strict();
export type TCustomChoices = z.infer<typeof ZCustomChoicesSchema>;

/** The piece a buyer describes from scratch (`fullyCustom`): the seed's `newProduct`. */
export const ZNewProductSchema = z
  .object({
    title: zRequiredLine(COMMISSION_LIMITS.title),
    description: zRequiredLine(COMMISSION_LIMITS.description),
    /** Minor units of the store's currency. */
    budget: z.number().int().min(1).max(1_000_000_000).optional(),
    wantedBy: zDay().optional(),
  })
  .strict();
export type TNewProduct = z.infer<typeof ZNewProductSchema>;

export const ZCommissionCreateSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('CustomProduct'),
      productId: zId(),
      choices: ZCustomChoicesSchema.default({}),
      personalisation: zLine(COMMISSION_LIMITS.personalisation).optional(),
      quantity: zQuantity(),
      notes: zLine(COMMISSION_LIMITS.note).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('fullyCustom'),
      storeId: zId(),
      newProduct: ZNewProductSchema,
      quantity: zQuantity(),
      notes: zLine(COMMISSION_LIMITS.note).optional(),
    })
    .strict(),
]);
export type TCommissionCreate = z.infer<typeof ZCommissionCreateSchema>;

/** The seller's proposal; money in minor units of the store's currency. */
export const ZCommissionProposalSchema = z
  .object({
    price: z.number().int().min(1).max(1_000_000_000),
    deposit: z.number().int().min(0).max(1_000_000_000),
    leadTimeDays: z.number().int().min(1).max(COMMISSION_LIMITS.leadTimeDays),
    changeRounds: z.number().int().min(0).max(COMMISSION_LIMITS.changeRounds),
    /** Share of the deposit given back when the buyer cancels after paying it: 0 (deposit kept) to 100. */
    refundSharePercent: z.number().int().min(0).max(100),
    note: zLine(COMMISSION_LIMITS.note).optional(),
  })
  .strict()
  .refine((p) => p.deposit <= p.price, { error: 'NUMBER_TOO_LARGE', path: ['deposit'] });
export type TCommissionProposal = z.infer<typeof ZCommissionProposalSchema>;

/** Paying the deposit (accept) or the balance: by card through the payment port, or from the wallet. */
export const ZCommissionPaySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('card'), card: ZCardSourceSchema }).strict(),
  z.object({ method: z.literal('wallet') }).strict(),
]);
export type TCommissionPay = z.infer<typeof ZCommissionPaySchema>;

export const ZCommissionNoteSchema = z.object({ note: zLine(COMMISSION_LIMITS.note).optional() }).strict();
export type TCommissionNote = z.infer<typeof ZCommissionNoteSchema>;
/** A change request needs its note: what should change. */
export const ZCommissionChangesSchema = z.object({ note: zRequiredLine(COMMISSION_LIMITS.note) }).strict();

/** A seller's step without payload: start production, mark ready, deliver. */
export const ZCommissionStepSchema = z
  .object({ action: z.enum(['start_production', 'mark_ready', 'deliver']), note: zLine(COMMISSION_LIMITS.note).optional() })
  .strict();
export type TCommissionStep = z.infer<typeof ZCommissionStepSchema>;

export const ZCommissionImageSchema = z.object({ id: z.string(), url: z.string(), kind: z.enum(['reference', 'proof']), round: z.number().int().nullable() });
export type TCommissionImage = z.infer<typeof ZCommissionImageSchema>;

export const ZCommissionHistorySchema = z.object({
  action: z.enum([...COMMISSION_ACTIONS, 'request']),
  from: z.enum(COMMISSION_STATUSES).nullable(),
  to: z.enum(COMMISSION_STATUSES),
  by: z.enum(['buyer', 'seller']),
  byName: z.string(),
  note: z.string().nullable(),
  /** The proof round this step sent, or the proof it answered. */
  round: z.number().int().nullable(),
  at: z.number(),
});
export type TCommissionHistory = z.infer<typeof ZCommissionHistorySchema>;

export const ZCommissionSchema = z.object({
  id: z.string(),
  kind: z.enum(COMMISSION_KINDS),
  status: z.enum(COMMISSION_STATUSES),
  buyerName: z.string(),
  store: z.object({ id: z.string(), name: z.string() }),
  product: z.object({ id: z.string(), title: z.string() }).nullable(),
  choices: ZCustomChoicesSchema,
  personalisation: z.string().nullable(),
  newProduct: z.object({ title: z.string(), description: z.string(), budget: ZMoneySchema.nullable(), wantedBy: z.string().nullable() }).nullable(),
  quantity: z.number().int(),
  notes: z.string().nullable(),
  proposal: z
    .object({
      price: ZMoneySchema,
      deposit: ZMoneySchema,
      balance: ZMoneySchema,
      leadTimeDays: z.number().int(),
      changeRounds: z.number().int(),
      refundSharePercent: z.number().int(),
      note: z.string().nullable(),
    })
    .nullable(),
  paid: z.object({ deposit: ZMoneySchema, balance: ZMoneySchema, refunded: ZMoneySchema }),
  changesUsed: z.number().int(),
  images: z.array(ZCommissionImageSchema),
  history: z.array(ZCommissionHistorySchema),
  /** What the caller may do now (buyer or seller), read from COMMISSION_TRANSITIONS and the rules. */
  actions: z.array(z.enum(COMMISSION_ACTIONS)),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TCommission = z.infer<typeof ZCommissionSchema>;

export const ZCommissionSummarySchema = ZCommissionSchema.pick({
  id: true,
  kind: true,
  status: true,
  buyerName: true,
  store: true,
  product: true,
  quantity: true,
  createdAt: true,
  updatedAt: true,
}).extend({
  title: z.string(),
  price: ZMoneySchema.nullable(),
});
export type TCommissionSummary = z.infer<typeof ZCommissionSummarySchema>;

export const ZCommissionListQuerySchema = z.object({ status: z.enum(COMMISSION_STATUSES).optional() }).strict();
export const ZCommissionResponseSchema = z.object({ message: z.string(), data: ZCommissionSchema });
export type TCommissionResponse = z.infer<typeof ZCommissionResponseSchema>;
export const ZCommissionListResponseSchema = z.object({ message: z.string(), data: z.array(ZCommissionSummarySchema) });
/** A payment step's answer: the commission, and the card payment when one was made (requires_action: confirm it). */
export const ZCommissionPaymentResponseSchema = z.object({
  message: z.string(),
  data: z.object({ commission: ZCommissionSchema, payment: ZPaymentOutcomeSchema.nullable() }),
});
export type TCommissionPaymentResponse = z.infer<typeof ZCommissionPaymentResponseSchema>;
