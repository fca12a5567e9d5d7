import type { OfferAction, OfferState } from '@tessera/contracts';

/**
 * The offer lifecycle as data (like Vendure's order process): from each state, which action leads
 * where, and who may take it. The receiver of an open offer counters, accepts or declines it; its
 * maker may withdraw it. A counter closes the offer (state 'countered') and opens a new one the
 * other way. Accepted, declined, withdrawn, countered, expired and failed are final.
 */
export type OfferActor = 'maker' | 'receiver';

export const OFFER_TRANSITIONS: Record<OfferState, Partial<Record<OfferAction, { to: OfferState; by: OfferActor }>>> = {
  open: {
    counter: { to: 'countered', by: 'receiver' },
    accept: { to: 'accepted', by: 'receiver' },
    decline: { to: 'declined', by: 'receiver' },
    withdraw: { to: 'withdrawn', by: 'maker' },
  },
  countered: {},
  accepted: {},
  declined: {},
  withdrawn: {},
  expired: {},
  // Set by the server, never by an action: an accepted sale whose cart line was refused for good.
  failed: {},
};

export type TransitionOutcome = { ok: true; to: OfferState } | { ok: false; reason: 'final' | 'not-allowed' | 'wrong-side' | 'expired' };

/** Whether `actor` may take `action` on an offer in `state` (valid until `validUntil`) at `now`. */
export function offerTransition(options: { state: OfferState; action: OfferAction; actor: OfferActor; validUntil: number; now: number }): TransitionOutcome {
  const { state, action, actor } = options;
  const moves = OFFER_TRANSITIONS[state];
  if (Object.keys(moves).length === 0) return { ok: false, reason: 'final' };
  const move = moves[action];
  if (!move) return { ok: false, reason: 'not-allowed' };
  if (move.by !== actor) return { ok: false, reason: 'wrong-side' };
  // An expired offer may still be withdrawn by its maker, never accepted or countered.
  if (options.validUntil <= options.now && action !== 'withdraw') return { ok: false, reason: 'expired' };
  return { ok: true, to: move.to };
}

/** The state a reader sees: an open offer past its validity is expired. */
export const visibleOfferState = (state: OfferState, validUntil: number, now: number): OfferState =>
  state === 'open' && validUntil <= now ? 'expired' : state;
