import { COMMISSION_TRANSITIONS, type CommissionAction, type CommissionActor, type CommissionStatus } from '@tessera/contracts';

/**
 * The commission's finite-state machine, read from COMMISSION_TRANSITIONS (data in the contracts),
 * plus the rules the table cannot say. Pure functions: the service and the tests call them alike.
 */
export type StepRefusal = 'not_allowed' | 'not_your_role' | 'within_rounds';

export interface RuleFacts {
  status: string;
  /** Change rounds the proposal allows, and change requests made so far. */
  changeRounds: number | null;
  changesUsed: number;
}

export function checkStep(
  facts: RuleFacts,
  action: CommissionAction,
  actor: CommissionActor,
): { ok: true; to: CommissionStatus } | { ok: false; reason: StepRefusal } {
  const step = COMMISSION_TRANSITIONS[facts.status as CommissionStatus]?.[action];
  if (!step) return { ok: false, reason: 'not_allowed' };
  if (!step.by.includes(actor)) return { ok: false, reason: 'not_your_role' };
  // The seller may refuse only a change asked beyond the rounds agreed in the proposal.
  if (action === 'refuse_changes' && facts.changesUsed <= (facts.changeRounds ?? 0)) return { ok: false, reason: 'within_rounds' };
  return { ok: true, to: step.to };
}

/** What this side may do now, for the pages' buttons. */
export function allowedActions(facts: RuleFacts, actor: CommissionActor): CommissionAction[] {
  const steps = COMMISSION_TRANSITIONS[facts.status as CommissionStatus] ?? {};
  return (Object.keys(steps) as CommissionAction[]).filter((action) => checkStep(facts, action, actor).ok);
}

/**
 * What a cancellation gives back of one payment: everything when the seller cancels; when the
 * buyer does, the proposal's share of the deposit (rounded down: the buyer agreed to that share)
 * and all of a balance.
 */
export function refundOf(
  payment: { stage: 'deposit' | 'balance'; amount: number; refunded: number },
  options: { by: CommissionActor; refundSharePercent: number },
): number {
  const left = payment.amount - payment.refunded;
  if (left <= 0) return 0;
  if (options.by === 'seller' || payment.stage === 'balance') return left;
  return Math.min(left, Math.floor((payment.amount * options.refundSharePercent) / 100));
}

/** The balance still due: the price less the deposit paid (the deposit counts toward the price). */
export const balanceDue = (row: { price: number | null; deposit_paid: number | string }): number =>
  Math.max(0, Number(row.price ?? 0) - Number(row.deposit_paid));
