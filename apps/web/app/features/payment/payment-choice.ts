import type { PaymentType, TCart, TCheckoutRequest, TPoints, TWallet } from '@tessera/contracts';
import { checkoutCard, NEW_CARD, type CardChoice } from './card-choice';

/** The checkout's ways to pay: the seed's COD, Card and Wallet (§9), and the wallet's balance topped up by a card. */
export const PAYMENT_METHODS = ['COD', 'Card', 'Wallet', 'WalletCard'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface PaymentChoice {
  method: PaymentMethod;
  card: CardChoice;
  /** Redeem every bonus point (not with cash on delivery). */
  usePoints: boolean;
}

export const INITIAL_PAYMENT: PaymentChoice = { method: 'COD', card: NEW_CARD, usePoints: false };

/** The buyer's wallet and points, read when the checkout opens (null when they could not be read). */
export interface Funds {
  wallet: TWallet | null;
  points: TPoints | null;
}

/** What the wallet can pay of this cart, in the cart's currency. */
export function walletPart(funds: Funds, cart: Pick<TCart, 'totals'>): number {
  const balance = funds.wallet?.balanceInRequestedCurrency;
  if (!balance || balance.currency !== cart.totals.totalAfterTax.currency) return 0;
  return Math.max(0, Math.min(balance.amount, cart.totals.totalAfterTax.amount));
}

export type PaymentFields = Pick<TCheckoutRequest, 'paymentType' | 'card' | 'walletAmount' | 'points'>;

/**
 * The checkout request's payment fields, or the key of the text saying what is missing. "Wallet +
 * card" is the seed's Card with the wallet's part: the wallet pays what it holds, the card the rest.
 */
export function paymentFields(
  choice: PaymentChoice,
  funds: Funds,
  cart: Pick<TCart, 'totals'>,
): PaymentFields | { problem: 'checkout.walletShort' | 'checkout.invalidCard' } {
  const points = choice.usePoints && choice.method !== 'COD' && funds.points && funds.points.bonusPoint > 0 ? { points: funds.points.bonusPoint } : {};
  const paymentType: PaymentType = choice.method === 'WalletCard' ? 'Card' : choice.method;
  if (paymentType === 'COD') return { paymentType };
  if (paymentType === 'Wallet') {
    const pointsWorth = points.points ? (funds.points?.worth.amount ?? 0) : 0;
    if (walletPart(funds, cart) + pointsWorth < cart.totals.totalAfterTax.amount) return { problem: 'checkout.walletShort' };
    return { paymentType, ...points };
  }
  const card = checkoutCard(choice.card);
  if (!card) return { problem: 'checkout.invalidCard' };
  const walletAmount = choice.method === 'WalletCard' ? walletPart(funds, cart) : 0;
  return { paymentType, card, ...(walletAmount > 0 ? { walletAmount } : {}), ...points };
}
