/**
 * What a buyer gets back for one cancelled item of a store order that goes on (issue #11 §4): what he
 * paid for it — its line total less its share of the store order's coupon, plus its share of the tax
 * — in proportion to the line's part of the store order's goods, rounded half up, and never more
 * than what is left unrefunded. Delivery and driver fees stay with the store order; they come back
 * with the rest when its last item is cancelled (the store order is then refunded whole).
 *
 * The store order keeps its coupon as one number (its product and delivery parts together), so the
 * share of a delivery coupon is taken off an item's refund too; the buyer loses nothing in the end,
 * since cancelling the last item gives back everything left.
 */
export function lineRefundAmount(options: { lineTotal: number; subtotal: number; discount: number; tax: number; total: number; refunded: number }): number {
  const { lineTotal, subtotal, discount, tax, total, refunded } = options;
  const left = Math.max(0, total - refunded);
  if (lineTotal <= 0 || subtotal <= 0) return 0;
  const goodsPaid = Math.max(0, subtotal - Math.min(discount, subtotal) + tax);
  // Integer maths: lineTotal × goodsPaid / subtotal, half up.
  const share = Math.floor((2 * lineTotal * goodsPaid + subtotal) / (2 * subtotal));
  return Math.min(share, left);
}
