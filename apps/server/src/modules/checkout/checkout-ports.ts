import type { Transaction } from 'kysely';
import type { DeliveryMode, PaymentType, PromoRefusal, TCheckoutCard } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import type { PricedCart } from '../cart/index.js';

/**
 * What checkout needs of the money modules (buy-money: payments, wallet, points, promotions). Each
 * is optional until wired; a checkout asking for a missing one is refused with a clear error, and
 * COD needs none of them.
 */
export type PaymentOutcome =
  /** Paid: 'captured' when the money is taken (checkout captures at once), 'authorised' when only held. */
  | { status: 'authorised' | 'captured'; paymentRef: string }
  | { status: 'declined'; paymentRef: string | null; declineReason: string }
  | { status: 'requires_action'; paymentRef: string; action: unknown }
  /** Asked, the provider's answer lost: the payments' reconciliation will tell (onActionSettled). */
  | { status: 'pending'; paymentRef: string };

export interface CheckoutPayments {
  /** Idempotent on `idempotencyKey`: asked twice, the provider answers the first outcome. */
  authorize(options: { orderRef: string; buyerId: string; amount: number; currency: string; card: TCheckoutCard; idempotencyKey: string }): Promise<PaymentOutcome>;
  /** The outcome now of a payment that required an action (3-D Secure done or not). */
  status(options: { paymentRef: string }): Promise<PaymentOutcome>;
  /** Releases an authorisation (or refunds a capture) that no order will use (the undo of authorize). */
  cancel(options: { paymentRef: string }): Promise<void>;
  /**
   * The payment a checkout run asked for, found by the run's key: a crash between the provider's
   * answer and the order's commit leaves the run without its payment reference. Null: never asked.
   */
  lookup(options: { buyerId: string; idempotencyKey: string }): Promise<PaymentOutcome | null>;
}

export interface CheckoutWallet {
  /** Guarded: never below zero; throws when the balance is short. In the checkout's transaction. */
  /** `exchange`: the order's recorded rate; a wallet kept in the store's currency pays at it (no second rate). */
  debit(trx: Transaction<Database>, options: { userId: string; amount: number; currency: string; orderId: string; exchange: { from: string; to: string; rate: string } | null }): Promise<void>;
  /** The undo of debit: gives back exactly what this order's debit took (once). */
  restore(trx: Transaction<Database>, options: { userId: string; orderId: string }): Promise<void>;
}

export interface CheckoutPoints {
  /** Redeems points in the checkout's transaction; answers their value in minor units. */
  redeem(trx: Transaction<Database>, options: { userId: string; points: number; currency: string; orderId: string }): Promise<{ value: number }>;
  /** The undo of redeem: the order's points back (once). */
  restore(trx: Transaction<Database>, options: { userId: string; orderId: string }): Promise<void>;
}

export interface CheckoutPromotions {
  /** `paymentMethods`: what pays (Wallet and Card both for wallet plus card). A refusal names its reason (an error code). */
  evaluate(options: { code: string; userId: string; cart: PricedCart; mode: DeliveryMode; paymentMethods: PaymentType[]; trx?: Transaction<Database> }): Promise<
    { ok: true; promoId: string; discount: { products: number; delivery: number } } | { ok: false; reason: PromoRefusal }
  >;
  /** Counts a use inside the order's transaction with a guarded update; throws when no use is left. */
  recordUse(trx: Transaction<Database>, options: { promoId: string; buyerId: string; orderId: string; discount: number; currency: string }): Promise<void>;
  /** The undo of recordUse: the use given back (once). */
  releaseUse(trx: Transaction<Database>, options: { promoId: string; buyerId: string; orderId: string }): Promise<void>;
}

export interface CheckoutMoney {
  payments?: CheckoutPayments;
  wallet?: CheckoutWallet;
  points?: CheckoutPoints;
  promotions?: CheckoutPromotions;
}
