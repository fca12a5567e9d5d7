import { describe, expect, it } from 'vitest';
import { lineRefundAmount } from './order-line-refund.js';

describe('an item’s refund', () => {
  it('is its price with its share of the tax when there is no coupon', () => {
    // 2 lines: 2 000 and 1 000; 6 % tax = 180; delivery 500.
    expect(lineRefundAmount({ lineTotal: 2000, subtotal: 3000, discount: 0, tax: 180, total: 3680, refunded: 0 })).toBe(2120);
    expect(lineRefundAmount({ lineTotal: 1000, subtotal: 3000, discount: 0, tax: 180, total: 3680, refunded: 0 })).toBe(1060);
  });

  it('takes its share of the coupon off, rounding half up', () => {
    // 10 % off 3 000 = 300; tax on 2 700 at 6 % = 162; the item's third of 2 862 is 954.
    expect(lineRefundAmount({ lineTotal: 1000, subtotal: 3000, discount: 300, tax: 162, total: 3362, refunded: 0 })).toBe(954);
    expect(lineRefundAmount({ lineTotal: 1, subtotal: 2, discount: 0, tax: 0, total: 2, refunded: 0 })).toBe(1);
    expect(lineRefundAmount({ lineTotal: 1, subtotal: 3, discount: 0, tax: 0, total: 3, refunded: 0 })).toBe(1);
  });

  it('never gives back more than is left, nor anything for nothing', () => {
    expect(lineRefundAmount({ lineTotal: 2000, subtotal: 3000, discount: 0, tax: 180, total: 3680, refunded: 3000 })).toBe(680);
    expect(lineRefundAmount({ lineTotal: 0, subtotal: 3000, discount: 0, tax: 180, total: 3680, refunded: 0 })).toBe(0);
    expect(lineRefundAmount({ lineTotal: 1000, subtotal: 1000, discount: 5000, tax: 0, total: 0, refunded: 0 })).toBe(0);
  });

  it('adds up to no more than the goods paid, whatever the split', () => {
    for (let run = 0; run < 200; run += 1) {
      const lines = Array.from({ length: 1 + (run % 5) }, (_, i) => 100 + ((run * 7919 + i * 104729) % 5000));
      const subtotal = lines.reduce((a, b) => a + b, 0);
      const discount = (run * 31) % subtotal;
      const tax = Math.round((subtotal - discount) * 0.06);
      const total = subtotal - discount + tax + 500;
      const back = lines.reduce((sum, lineTotal) => sum + lineRefundAmount({ lineTotal, subtotal, discount, tax, total, refunded: 0 }), 0);
      expect(Math.abs(back - (subtotal - discount + tax))).toBeLessThanOrEqual(lines.length);
    }
  });
});
