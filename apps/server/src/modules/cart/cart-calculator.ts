/**
 * The cart's money, computed once, on the server, by this one pure function (Vendure's
 * order-calculator is the model). Everything is integer minor units of one currency.
 *
 * - A seller's subtotal is the sum of its lines' unit price × quantity.
 * - The coupon's product part is shared among sellers in proportion to their subtotals, its delivery
 *   part in proportion to their delivery and driver fees (largest remainder: the parts add up to the
 *   whole exactly), each capped at what it discounts.
 * - Tax is the seller's rate (basis points) on its goods after the coupon, rounded half up per
 *   seller; delivery and driver fees are not taxed.
 * - Savings are what the lines save against their MRP, plus the coupon.
 * - totalAfterTax = subtotalBeforeTax + deliveryFees − coupon + estimatedTax, for each seller and
 *   for the cart.
 */

export interface CalculatorLine {
  unitPrice: number;
  mrp: number;
  quantity: number;
}

export interface CalculatorSeller {
  lines: readonly CalculatorLine[];
  deliveryFee: number;
  driverFee: number;
  /** Basis points: 2100 is 21 %. */
  taxRateBp: number;
}

export interface CalculatorInput {
  sellers: readonly CalculatorSeller[];
  /** A promo code's discount, as the promotions module evaluated it. */
  coupon?: { products: number; delivery: number };
}

export interface Totals {
  subtotalBeforeTax: number;
  /** Delivery and driver fees. */
  deliveryFees: number;
  estimatedTax: number;
  totalAfterTax: number;
  savings: number;
  coupon: number;
}

export interface SellerTotals extends Totals {
  deliveryFee: number;
  driverFee: number;
  productDiscount: number;
  deliveryDiscount: number;
}

export interface CalculatorResult {
  sellers: SellerTotals[];
  totals: Totals;
}

/**
 * Splits a whole amount into integer parts proportional to the weights; the parts add up to the
 * amount exactly (largest remainder, ties to the earlier weight). Zero weights get zero.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount <= 0 || totalWeight <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / totalWeight);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    if (weights[index]! <= 0) continue;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/** amount × basis points / 10 000, rounded half up, in integers only (no float drift). */
export function applyRate(amount: number, rateBp: number): number {
  return Math.floor((amount * rateBp + 5000) / 10000);
}

function assertWhole(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole, non-negative number of minor units, got ${value}`);
}

export function calculateCart(input: CalculatorInput): CalculatorResult {
  for (const seller of input.sellers) {
    assertWhole(seller.deliveryFee, 'deliveryFee');
    assertWhole(seller.driverFee, 'driverFee');
    assertWhole(seller.taxRateBp, 'taxRateBp');
    for (const line of seller.lines) {
      assertWhole(line.unitPrice, 'unitPrice');
      assertWhole(line.mrp, 'mrp');
      assertWhole(line.quantity, 'quantity');
    }
  }
  const subtotals = input.sellers.map((seller) => seller.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0));
  const fees = input.sellers.map((seller) => seller.deliveryFee + seller.driverFee);
  const productCoupon = Math.min(Math.max(0, input.coupon?.products ?? 0), subtotals.reduce((a, b) => a + b, 0));
  const deliveryCoupon = Math.min(Math.max(0, input.coupon?.delivery ?? 0), fees.reduce((a, b) => a + b, 0));
  const productDiscounts = allocate(productCoupon, subtotals);
  const deliveryDiscounts = allocate(deliveryCoupon, fees);

  const sellers = input.sellers.map((seller, index): SellerTotals => {
    const subtotal = subtotals[index]!;
    const productDiscount = productDiscounts[index]!;
    const deliveryDiscount = deliveryDiscounts[index]!;
    const coupon = productDiscount + deliveryDiscount;
    const estimatedTax = applyRate(subtotal - productDiscount, seller.taxRateBp);
    const lineSavings = seller.lines.reduce((sum, line) => sum + Math.max(0, line.mrp - line.unitPrice) * line.quantity, 0);
    const deliveryFees = fees[index]!;
    return {
      subtotalBeforeTax: subtotal,
      deliveryFee: seller.deliveryFee,
      driverFee: seller.driverFee,
      deliveryFees,
      productDiscount,
      deliveryDiscount,
      coupon,
      estimatedTax,
      totalAfterTax: subtotal + deliveryFees - coupon + estimatedTax,
      savings: lineSavings + coupon,
    };
  });
  const sum = (pick: (seller: SellerTotals) => number) => sellers.reduce((total, seller) => total + pick(seller), 0);
  return {
    sellers,
    totals: {
      subtotalBeforeTax: sum((s) => s.subtotalBeforeTax),
      deliveryFees: sum((s) => s.deliveryFees),
      estimatedTax: sum((s) => s.estimatedTax),
      totalAfterTax: sum((s) => s.totalAfterTax),
      savings: sum((s) => s.savings),
      coupon: sum((s) => s.coupon),
    },
  };
}
