import { describe, expect, it } from 'vitest';
import { allocate, applyRate, calculateCart, type CalculatorInput } from './cart-calculator.js';

const seller = (lines: Array<[price: number, mrp: number, quantity: number]>, fees: { delivery?: number; driver?: number; taxBp?: number } = {}) => ({
  lines: lines.map(([unitPrice, mrp, quantity]) => ({ unitPrice, mrp, quantity })),
  deliveryFee: fees.delivery ?? 0,
  driverFee: fees.driver ?? 0,
  taxRateBp: fees.taxBp ?? 0,
});

/** A tiny deterministic generator, so that the property checks below are repeatable. */
function random(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state % max;
  };
}

describe('allocate', () => {
  it('splits in proportion and the parts add up to the whole', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [3, 1])).toEqual([8, 2]);
    expect(allocate(1, [1, 1])).toEqual([1, 0]);
  });
  it('gives nothing to zero weights and nothing when there is nothing to give', () => {
    expect(allocate(7, [0, 5, 0])).toEqual([0, 7, 0]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
    expect(allocate(5, [])).toEqual([]);
  });
  it('always adds up exactly, for many random splits', () => {
    const next = random(42);
    for (let run = 0; run < 500; run++) {
      const weights = Array.from({ length: 1 + next(6) }, () => next(100_000));
      const amount = next(1_000_000);
      const parts = allocate(amount, weights);
      const expected = weights.some((w) => w > 0) ? amount : 0;
      expect(parts.reduce((a, b) => a + b, 0)).toBe(expected);
      parts.forEach((part, index) => {
        expect(part).toBeGreaterThanOrEqual(0);
        if (weights[index] === 0) expect(part).toBe(0);
      });
    }
  });
});

describe('applyRate', () => {
  it('rounds half up in integers', () => {
    expect(applyRate(1000, 2100)).toBe(210);
    expect(applyRate(1, 5000)).toBe(1); // 0.5 → 1
    expect(applyRate(1, 4999)).toBe(0);
    expect(applyRate(333, 1000)).toBe(33); // 33.3
    expect(applyRate(335, 1000)).toBe(34); // 33.5
    expect(applyRate(0, 2100)).toBe(0);
  });
});

describe('calculateCart', () => {
  it('is all zeros for an empty cart', () => {
    const result = calculateCart({ sellers: [] });
    expect(result.sellers).toEqual([]);
    expect(result.totals).toEqual({ subtotalBeforeTax: 0, deliveryFees: 0, estimatedTax: 0, totalAfterTax: 0, savings: 0, coupon: 0 });
  });

  it('adds lines, fees and tax for one seller', () => {
    const result = calculateCart({ sellers: [seller([[1000, 1200, 2], [550, 550, 1]], { delivery: 300, driver: 150, taxBp: 2100 })] });
    expect(result.totals).toEqual({
      subtotalBeforeTax: 2550,
      deliveryFees: 450,
      estimatedTax: 536, // 21 % of 2550 = 535.5 → 536
      totalAfterTax: 2550 + 450 + 536,
      savings: 400, // (1200 − 1000) × 2
      coupon: 0,
    });
    expect(result.sellers[0]).toMatchObject({ deliveryFee: 300, driverFee: 150, productDiscount: 0, deliveryDiscount: 0 });
  });

  it('taxes each seller at its own rate and does not tax delivery', () => {
    const result = calculateCart({ sellers: [seller([[1000, 1000, 1]], { delivery: 500, taxBp: 2100 }), seller([[1000, 1000, 1]], { delivery: 500, taxBp: 600 })] });
    expect(result.sellers.map((s) => s.estimatedTax)).toEqual([210, 60]);
    expect(result.totals.estimatedTax).toBe(270);
  });

  it('shares the coupon in proportion, taxes goods after it, and counts it in savings', () => {
    const result = calculateCart({
      sellers: [seller([[3000, 3000, 1]], { delivery: 200, taxBp: 1000 }), seller([[1000, 1500, 1]], { delivery: 600, taxBp: 1000 })],
      coupon: { products: 400, delivery: 400 },
    });
    expect(result.sellers.map((s) => s.productDiscount)).toEqual([300, 100]);
    expect(result.sellers.map((s) => s.deliveryDiscount)).toEqual([100, 300]);
    expect(result.sellers.map((s) => s.estimatedTax)).toEqual([270, 90]);
    expect(result.totals.coupon).toBe(800);
    expect(result.totals.savings).toBe(500 + 800);
    expect(result.totals.totalAfterTax).toBe(4000 + 800 - 800 + 360);
  });

  it('never discounts more than there is to discount', () => {
    const result = calculateCart({ sellers: [seller([[500, 500, 1]], { delivery: 100 })], coupon: { products: 10_000, delivery: 10_000 } });
    expect(result.totals).toMatchObject({ coupon: 600, totalAfterTax: 0, estimatedTax: 0 });
    const negative = calculateCart({ sellers: [seller([[500, 500, 1]])], coupon: { products: -50, delivery: -1 } });
    expect(negative.totals.coupon).toBe(0);
  });

  it('does not count a price above the MRP as a negative saving', () => {
    expect(calculateCart({ sellers: [seller([[1200, 1000, 3]])] }).totals.savings).toBe(0);
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => calculateCart({ sellers: [seller([[10.5, 11, 1]])] })).toThrow(RangeError);
    expect(() => calculateCart({ sellers: [seller([[10, 11, -1]])] })).toThrow(RangeError);
    expect(() => calculateCart({ sellers: [seller([[10, 11, 1]], { delivery: -5 })] })).toThrow(RangeError);
  });

  it('keeps its identities for many random carts: parts add up, totals are the sums of the sellers', () => {
    const next = random(7);
    for (let run = 0; run < 300; run++) {
      const input: CalculatorInput = {
        sellers: Array.from({ length: 1 + next(4) }, () =>
          seller(
            Array.from({ length: 1 + next(4) }, () => {
              const price = next(100_000);
              return [price, price + next(5_000), 1 + next(50)] as [number, number, number];
            }),
            { delivery: next(2_000), driver: next(1_000), taxBp: next(2_500) },
          ),
        ),
        coupon: { products: next(50_000), delivery: next(3_000) },
      };
      const { sellers, totals } = calculateCart(input);
      for (const s of sellers) {
        expect(s.totalAfterTax).toBe(s.subtotalBeforeTax + s.deliveryFees - s.coupon + s.estimatedTax);
        expect(s.coupon).toBe(s.productDiscount + s.deliveryDiscount);
        expect(s.productDiscount).toBeLessThanOrEqual(s.subtotalBeforeTax);
        expect(s.deliveryDiscount).toBeLessThanOrEqual(s.deliveryFees);
        expect(s.totalAfterTax).toBeGreaterThanOrEqual(0);
      }
      for (const key of ['subtotalBeforeTax', 'deliveryFees', 'estimatedTax', 'totalAfterTax', 'savings', 'coupon'] as const) {
        expect(totals[key]).toBe(sellers.reduce((sum, s) => sum + s[key], 0));
      }
      const wantedCoupon = Math.min(input.coupon!.products, totals.subtotalBeforeTax) + Math.min(input.coupon!.delivery, totals.deliveryFees);
      expect(totals.coupon).toBe(wantedCoupon);
      expect(totals.totalAfterTax).toBe(totals.subtotalBeforeTax + totals.deliveryFees - totals.coupon + totals.estimatedTax);
    }
  });
});
