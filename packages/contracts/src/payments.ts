import { z } from 'zod';
import { ZMoneySchema } from './catalog.js';

/**
 * Payments (issue #11 §3): the seed's payment types, cards through a payment-provider port, saved
 * cards. A full card number or CVC is never stored, logged or answered: the server keeps the
 * provider's token, the brand, the last four digits and the expiry.
 */

// The seed's payment types (§9), PAYMENT_TYPES, are defined with the cart (./cart.ts).

/**
 * The built-in test gateway's card numbers (any future expiry, any 3-digit CVC). Documented in
 * docs/payments.md; the Stripe adapter uses Stripe's own test cards through Stripe.js instead.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  successMastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Needs a second confirmation step (like 3-D Secure) before it is authorised. */
  requiresAction: '4000000000003220',
} as const;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Card details typed by the buyer (test gateway only: with Stripe the browser sends them to Stripe). */
export const ZCardDetailsSchema = z
  .object({
    number: z.string().trim().regex(/^[\d ]{12,23}$/, 'digits only'),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z.string().trim().regex(/^\d{3,4}$/, '3 or 4 digits'),
    holderName: z.string().trim().max(120).optional(),
  })
  .strict();
export type TCardDetails = z.infer<typeof ZCardDetailsSchema>;

/**
 * How a card payment names its card: a saved card, a provider token (a Stripe PaymentMethod id made
 * by Stripe.js), or, with the test gateway, the typed details. `save` keeps the card for next time.
 */
export const ZCardSourceSchema = z.union([
  z.object({ savedCardId: z.string().min(1).max(64) }).strict(),
  z.object({ token: z.string().min(1).max(255), save: z.boolean().optional() }).strict(),
  z.object({ details: ZCardDetailsSchema, save: z.boolean().optional() }).strict(),
]);
export type TCardSource = z.infer<typeof ZCardSourceSchema>;

export const PAYMENT_STATUSES = ['pending', 'authorised', 'requires_action', 'declined', 'captured', 'cancelled', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The second step a payment waits for: the client shows it, then confirms. */
export const ZPaymentActionSchema = z.object({
  type: z.enum(['three_d_secure']),
  /** Stripe: the PaymentIntent's client secret for Stripe.js; test gateway: null (the page shows Complete / Fail). */
  clientSecret: z.string().nullable(),
  /** Where a redirecting challenge goes, when the provider gives one. */
  redirectUrl: z.string().nullable(),
});
export type TPaymentAction = z.infer<typeof ZPaymentActionSchema>;

/** What a payment attempt came to; a decline is an outcome, not an error. */
export const ZPaymentOutcomeSchema = z.object({
  paymentRef: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: ZMoneySchema,
  declineReason: z.string().nullable(),
  action: ZPaymentActionSchema.nullable(),
  card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string() }).nullable(),
});
export type TPaymentOutcome = z.infer<typeof ZPaymentOutcomeSchema>;

/** The second step's answer. Test gateway: 'complete' or 'fail'; Stripe: ignored (the PaymentIntent is read). */
export const ZConfirmPaymentRequestSchema = z.object({ result: z.enum(['complete', 'fail']).optional() }).strict();
export type TConfirmPaymentRequest = z.infer<typeof ZConfirmPaymentRequestSchema>;
export const ZPaymentOutcomeResponseSchema = z.object({ message: z.string(), data: ZPaymentOutcomeSchema });

// Saved cards (/v1/profile/cards)

export const ZSavedCardSchema = z.object({
  id: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  holderName: z.string().nullable(),
  createdAt: z.number(),
});
export type TSavedCard = z.infer<typeof ZSavedCardSchema>;

/** Save a card: the test gateway's typed details, or a provider token (Stripe PaymentMethod id). */
export const ZAddCardRequestSchema = z.union([z.object({ details: ZCardDetailsSchema }).strict(), z.object({ token: z.string().min(1).max(255) }).strict()]);
export type TAddCardRequest = z.infer<typeof ZAddCardRequestSchema>;

export const ZSavedCardsResponseSchema = z.object({ message: z.string(), data: z.object({ cards: z.array(ZSavedCardSchema), provider: z.enum(['test', 'stripe']) }) });
export type TSavedCardsResponse = z.infer<typeof ZSavedCardsResponseSchema>;
export const ZSavedCardResponseSchema = z.object({ message: z.string(), data: ZSavedCardSchema });
