import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/errors.js';

/** The currency a request asks prices in (seed: the `currencycode` header). */
export const requestCurrency = (request: FastifyRequest): string | undefined => {
  const header = request.headers.currencycode;
  return typeof header === 'string' && header.trim() ? header.trim().toUpperCase() : undefined;
};

/** Clients send a fresh key per attempt of one intention and the same key on its retries. */
export const ZIdempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().trim().min(8).max(128).regex(/^[\w.:-]+$/, 'letters, digits, . : _ -').optional() }).passthrough();

/** The Idempotency-Key header, required where money moves (400 naming it when missing). */
export function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !key.trim()) throw new AppError('VALIDATION', 'idempotency-key', 'send an Idempotency-Key header');
  return key.trim();
}

export const ZRefParamsSchema = z.object({ paymentRef: z.string().min(1).max(64) });
export const ZIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
