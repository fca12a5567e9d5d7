import { z } from 'zod';
import { ZMoneySchema } from './catalog.js';
import { ORDER_TYPE_LABELS } from './orders.js';
import { ZCardSourceSchema, ZPaymentOutcomeSchema } from './payments.js';

/**
 * Wallet and bonus points (issue #11 §2, §3): each a ledger whose balance is the sum of its entries.
 * Seed §3 Wallet labels: balance, current credit, recent transactions; seed §4 order-type labels
 * SALES, SHOPPING, ENTRY, SENT name what a transaction was.
 */

/**
 * What the seed's order-type labels (ORDER_TYPE_LABELS, ./orders.ts) mean in the wallet:
 * - ENTRY: money in (a top-up, a refund, a credit from the store team)
 * - SHOPPING: paid for an order
 * - SALES: a seller's takings from a sale
 * - SENT: money out otherwise (a withdrawal, a debit by the store team)
 */

export const WALLET_ENTRY_KINDS = ['topup', 'order_payment', 'refund', 'sale', 'adjustment'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

export const ZWalletTransactionSchema = z.object({
  id: z.string(),
  /** Positive: in; negative: out. */
  amount: ZMoneySchema,
  type: z.enum(ORDER_TYPE_LABELS),
  kind: z.enum(WALLET_ENTRY_KINDS),
  orderId: z.string().nullable(),
  /** The balance right after this entry. */
  balanceAfter: ZMoneySchema,
  createdAt: z.number(),
});
export type TWalletTransaction = z.infer<typeof ZWalletTransactionSchema>;

export const ZWalletSchema = z.object({
  /** Seed 'balance': the sum of the ledger's entries (in the wallet's currency, the store's default). */
  balance: ZMoneySchema,
  /** Seed 'current credit': what can be spent now (the balance; never below zero). */
  currentCredit: ZMoneySchema,
  /** The balance in the currency the request asked for (currencycode header), for display. */
  balanceInRequestedCurrency: ZMoneySchema,
  /** Seed 'recent transactions', newest first. */
  recentTransactions: z.array(ZWalletTransactionSchema),
  nextCursor: z.string().nullable(),
});
export type TWallet = z.infer<typeof ZWalletSchema>;
export const ZWalletResponseSchema = z.object({ message: z.string(), data: ZWalletSchema });
export type TWalletResponse = z.infer<typeof ZWalletResponseSchema>;

export const ZWalletQuerySchema = z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).optional() }).strict();

/** POST /v1/profile/wallet/topups (header Idempotency-Key): add money by card. */
export const ZWalletTopUpRequestSchema = z
  .object({
    /** Minor units of the wallet's currency. */
    amount: z.number().int().min(100).max(1_000_000_00),
    card: ZCardSourceSchema,
  })
  .strict();
export type TWalletTopUpRequest = z.infer<typeof ZWalletTopUpRequestSchema>;
export const ZWalletTopUpResponseSchema = z.object({
  message: z.string(),
  data: z.object({ payment: ZPaymentOutcomeSchema, wallet: ZWalletSchema.nullable() }),
});
export type TWalletTopUpResponse = z.infer<typeof ZWalletTopUpResponseSchema>;

// Bonus points

export const POINTS_ENTRY_KINDS = ['earned', 'redeemed', 'reversed', 'restored', 'adjustment'] as const;
export type PointsEntryKind = (typeof POINTS_ENTRY_KINDS)[number];

export const ZPointsEntrySchema = z.object({
  id: z.string(),
  points: z.number().int(),
  kind: z.enum(POINTS_ENTRY_KINDS),
  orderId: z.string().nullable(),
  balanceAfter: z.number().int(),
  createdAt: z.number(),
});
export const ZPointsSchema = z.object({
  /** The seed's client state key: the buyer's bonus points. */
  bonusPoint: z.number().int(),
  /** What the points are worth at checkout now. */
  worth: ZMoneySchema,
  /** The configured rules, so the page can explain them. */
  rules: z.object({ pointsPerUnit: z.number(), pointValue: ZMoneySchema }),
  entries: z.array(ZPointsEntrySchema),
});
export type TPoints = z.infer<typeof ZPointsSchema>;
export const ZPointsResponseSchema = z.object({ message: z.string(), data: ZPointsSchema });
