import { QUOTATION_TRANSITIONS, type QuotationActor, type QuotationState } from '@tessera/contracts';

/**
 * Whether a quotation may move from one state to another by this actor, and why not: the answer is a
 * reason, not a throw, so that callers and tests can read it (like orders' checkTransition). The
 * transitions themselves are data: QUOTATION_TRANSITIONS in the contracts.
 */
export type QuotationRefusal = 'final' | 'not_allowed' | 'not_your_role';

export function checkQuotationMove(from: QuotationState, to: QuotationState, actor: QuotationActor): { ok: true } | { ok: false; reason: QuotationRefusal } {
  const moves = QUOTATION_TRANSITIONS[from];
  if (Object.keys(moves).length === 0) return { ok: false, reason: 'final' };
  const actors = moves[to];
  if (!actors) return { ok: false, reason: 'not_allowed' };
  if (!actors.includes(actor)) return { ok: false, reason: 'not_your_role' };
  return { ok: true };
}

/**
 * The state a reader sees: an answer past its validity, or a request nobody answered by its
 * deadline, is expired even before the sweep writes it (expiry is decided at read time).
 */
export function visibleQuotationState(row: { state: string; valid_until: number | null }, deadline: number | null, now: number): QuotationState {
  const state = row.state as QuotationState;
  if (state === 'answered' && row.valid_until !== null && Number(row.valid_until) <= now) return 'expired';
  if (state === 'requested' && deadline !== null && Number(deadline) <= now) return 'expired';
  return state;
}
