import type { CardBrand, TCardDetails } from '@tessera/contracts';

/** A card as the provider keeps it: its token and public facts (never the number or CVC). */
export interface CardToken {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface AuthorizeRequest {
  /** Minor units. */
  amount: number;
  currency: string;
  token: string;
  /** Sent to the provider: the same key twice is one charge. */
  idempotencyKey: string;
  /** The payment row's id, kept by the provider with the payment so that `find` can ask for it later. */
  paymentId: string;
  description: string;
  /** Capture at once (the default of this house, docs/payments.md) or only authorise. */
  capture: boolean;
}

/** What the provider said; a decline is an outcome, not an error (Vendure's payment handlers). */
export interface GatewayOutcome {
  status: 'authorised' | 'captured' | 'requires_action' | 'declined' | 'cancelled';
  providerRef: string | null;
  declineReason: string | null;
  action: { clientSecret: string | null; redirectUrl: string | null } | null;
  card: { brand: CardBrand; last4: string } | null;
}

/** A webhook the provider sent, once its signature is checked. */
export interface GatewayWebhookEvent {
  id: string;
  type: string;
  /** The payment it is about, and what the provider now says of it. */
  providerRef: string | null;
  /** The payment row's id the provider kept (AuthorizeRequest.paymentId): finds a payment whose answer was lost. */
  paymentId: string | null;
  outcome: GatewayOutcome | null;
}

/**
 * Thrown when the provider could not be reached or failed; retry with the same key. `answerLost`:
 * the request may have been carried out and only its answer lost (a timeout, a reset connection),
 * so the payment may exist at the provider; false: the provider answered that it failed (a 5xx,
 * which Stripe does not keep for the idempotency key), so nothing was charged.
 */
export class GatewayUnavailable extends Error {
  readonly answerLost: boolean;
  constructor(message: string, options?: { cause?: unknown; answerLost?: boolean }) {
    super(message, options);
    this.name = 'GatewayUnavailable';
    this.answerLost = options?.answerLost ?? false;
  }
}

/** Thrown for card details the provider refuses outright (bad number, past expiry). */
export class CardRejected extends Error {
  constructor(readonly code: 'CARD_INVALID' | 'CARD_EXPIRED') {
    super(code);
    this.name = 'CardRejected';
  }
}

/**
 * The payment-provider port (DESIGN §1: providers are ports): the built-in test gateway for the
 * embedded default, Stripe when STRIPE_SECRET_KEY is set. Every call that moves money takes an
 * idempotency key that the provider honours, so a retry after a crash never charges twice.
 */
export interface PaymentGateway {
  readonly name: 'test' | 'stripe';
  /** Turns typed card details into a token (test gateway only: with Stripe, Stripe.js does it in the browser). */
  tokenize(details: TCardDetails): Promise<CardToken>;
  /** The public facts of a token (to save a card). */
  describe(token: string): Promise<CardToken>;
  /**
   * Makes a card usable again later, before it is saved or first used (Stripe: a PaymentMethod used
   * once without a Customer cannot be used again, so it is attached to one). Absent: tokens are reusable.
   */
  prepareForReuse?(card: CardToken, ownerId: string): Promise<CardToken>;
  authorize(request: AuthorizeRequest): Promise<GatewayOutcome>;
  /**
   * What the provider knows of the payment `authorize` was asked for with this payment id, when its
   * answer was lost (reconciliation). Null: the provider never received it. Absent: every answer of
   * this provider arrives (the built-in test gateway).
   */
  find?(paymentId: string): Promise<GatewayOutcome | null>;
  /** After the buyer's second step (3-D Secure): the test gateway takes the result; Stripe reads the PaymentIntent. */
  confirm(providerRef: string, result: 'complete' | 'fail' | undefined): Promise<GatewayOutcome>;
  capture(providerRef: string, amount: number, idempotencyKey: string): Promise<void>;
  cancel(providerRef: string, idempotencyKey: string): Promise<void>;
  refund(providerRef: string, amount: number, idempotencyKey: string): Promise<{ providerRef: string }>;
  /** Checks a webhook's signature and reads it; throws on a bad signature. Null: this provider sends none. */
  webhook(rawBody: Buffer, signature: string | undefined): GatewayWebhookEvent | null;
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function brandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** Whether a card's expiry month has passed (a card is valid through the end of its month). */
export function expired(expMonth: number, expYear: number, now: number): boolean {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}
