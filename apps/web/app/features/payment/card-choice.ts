import type { TCardSource, TCheckoutCard } from '@tessera/contracts';
import { parseExpiry } from '../checkout/checkout-api';

/** The card the buyer chose: one of his saved cards, or one typed in (kept for next time when `save`). */
export type CardChoice = { kind: 'saved'; id: string } | { kind: 'new'; number: string; expiry: string; cvc: string; save: boolean };

export const NEW_CARD: CardChoice = { kind: 'new', number: '', expiry: '', cvc: '', save: false };

type Typed = { number: string; expMonth: number; expYear: number; cvc: string };

/** The typed card's parts, or undefined when the number, expiry or security code is malformed. */
function typed(choice: Extract<CardChoice, { kind: 'new' }>): Typed | undefined {
  const expiry = parseExpiry(choice.expiry);
  const number = choice.number.replace(/\s+/g, '');
  if (!expiry || !/^\d{12,19}$/.test(number) || !/^\d{3,4}$/.test(choice.cvc.trim())) return undefined;
  return { number, ...expiry, cvc: choice.cvc.trim() };
}

/** For the checkout request (its card field); undefined when the typed card is malformed. */
export function checkoutCard(choice: CardChoice): TCheckoutCard | undefined {
  if (choice.kind === 'saved') return { savedCardId: choice.id };
  const card = typed(choice);
  return card ? { ...card, ...(choice.save ? { saveCard: true } : {}) } : undefined;
}

/** For the payments API (wallet top-up); undefined when the typed card is malformed. */
export function cardSource(choice: CardChoice): TCardSource | undefined {
  if (choice.kind === 'saved') return { savedCardId: choice.id };
  const details = typed(choice);
  return details ? { details, ...(choice.save ? { save: true } : {}) } : undefined;
}
