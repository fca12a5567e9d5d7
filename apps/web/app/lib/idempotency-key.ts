/**
 * A fresh idempotency key for a request a client may retry (a payment, an order, a request for
 * quotation): crypto.randomUUID where the page is a secure context (HTTPS or localhost), else a
 * time-and-random key, which is unique enough for one buyer's attempts.
 */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
