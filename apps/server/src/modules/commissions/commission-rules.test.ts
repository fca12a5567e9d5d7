import { describe, expect, it } from 'vitest';
import { COMMISSION_STATUSES, COMMISSION_TRANSITIONS } from '@tessera/contracts';
import { allowedActions, balanceDue, checkStep, refundOf } from './commission-rules.js';

const facts = (status: string, changesUsed = 0, changeRounds: number | null = 1) => ({ status, changesUsed, changeRounds });

describe('commission state machine (data)', () => {
  it('leads every step to a known state and leaves the finished states without steps', () => {
    for (const status of COMMISSION_STATUSES) {
      for (const step of Object.values(COMMISSION_TRANSITIONS[status])) expect(COMMISSION_STATUSES).toContain(step.to);
    }
    for (const done of ['delivered', 'cancelled', 'declined'] as const) expect(COMMISSION_TRANSITIONS[done]).toEqual({});
  });

  it('says why a step is refused: not at this stage, or not this side’s', () => {
    expect(checkStep(facts('requested'), 'propose', 'seller')).toEqual({ ok: true, to: 'proposed' });
    expect(checkStep(facts('requested'), 'accept', 'buyer')).toEqual({ ok: false, reason: 'not_allowed' });
    expect(checkStep(facts('proposed'), 'accept', 'seller')).toEqual({ ok: false, reason: 'not_your_role' });
    expect(checkStep(facts('proof_sent'), 'approve', 'buyer')).toEqual({ ok: true, to: 'approved' });
    expect(checkStep(facts('ready'), 'cancel', 'buyer')).toEqual({ ok: false, reason: 'not_your_role' });
    expect(checkStep(facts('delivered'), 'cancel', 'seller')).toEqual({ ok: false, reason: 'not_allowed' });
  });

  it('lets the seller refuse only changes asked beyond the agreed rounds', () => {
    expect(checkStep(facts('changes_requested', 1, 1), 'refuse_changes', 'seller')).toEqual({ ok: false, reason: 'within_rounds' });
    expect(checkStep(facts('changes_requested', 2, 1), 'refuse_changes', 'seller')).toEqual({ ok: true, to: 'proof_sent' });
    expect(allowedActions(facts('changes_requested', 1, 1), 'seller')).toEqual(['proof', 'cancel']);
    expect(allowedActions(facts('changes_requested', 2, 1), 'seller')).toEqual(['proof', 'refuse_changes', 'cancel']);
    expect(allowedActions(facts('proof_sent'), 'buyer')).toEqual(['approve', 'request_changes', 'cancel']);
  });

  it('refunds by the rule: all when the seller cancels, the agreed share of the deposit when the buyer does', () => {
    const deposit = { stage: 'deposit' as const, amount: 3001, refunded: 0 };
    expect(refundOf(deposit, { by: 'seller', refundSharePercent: 0 })).toBe(3001);
    expect(refundOf(deposit, { by: 'buyer', refundSharePercent: 0 })).toBe(0);
    expect(refundOf(deposit, { by: 'buyer', refundSharePercent: 50 })).toBe(1500);
    expect(refundOf(deposit, { by: 'buyer', refundSharePercent: 100 })).toBe(3001);
    expect(refundOf({ stage: 'balance', amount: 7000, refunded: 0 }, { by: 'buyer', refundSharePercent: 0 })).toBe(7000);
    expect(refundOf({ ...deposit, refunded: 3001 }, { by: 'seller', refundSharePercent: 0 })).toBe(0);
    expect(balanceDue({ price: 10_000, deposit_paid: 3000 })).toBe(7000);
  });
});
