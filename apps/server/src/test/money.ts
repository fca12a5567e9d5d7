import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TEST_CARDS } from '@tessera/contracts';

/** Helpers for the money modules' tests: card details, top-ups, ledger sums. */

export const cardDetails = (number: string = TEST_CARDS.success, overrides: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
  ...overrides,
});

export const newKey = (prefix = 'k') => `${prefix}-${randomBytes(8).toString('hex')}`;

export function topUp(app: FastifyInstance, token: string, options: { amount: number; card?: unknown; key?: string | null; headers?: Record<string, string> }) {
  const key = options.key === undefined ? newKey('topup') : options.key;
  return app.inject({
    method: 'POST',
    url: '/v1/profile/wallet/topups',
    headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}), ...options.headers },
    payload: { amount: options.amount, card: options.card ?? { details: cardDetails() } },
  });
}

export const getWallet = (app: FastifyInstance, token: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/v1/profile/wallet', headers: { authorization: token, ...headers } });

/** The wallet's balance row and the sum of its ledger entries, read straight from the database. */
export async function ledger(app: FastifyInstance, userId: string) {
  const db = app.db.kysely;
  const account = await db.selectFrom('wallet_accounts').select('balance').where('user_id', '=', userId).executeTakeFirst();
  const entries = await db.selectFrom('wallet_entries').select(['amount']).where('user_id', '=', userId).execute();
  return { balance: Number(account?.balance ?? 0), sum: entries.reduce((s, e) => s + Number(e.amount), 0), entries: entries.length };
}

/** Runs `count` tasks at once and sorts their outcomes. */
export async function race<T>(count: number, task: (i: number) => Promise<T>) {
  const results = await Promise.allSettled(Array.from({ length: count }, (_, i) => task(i)));
  return {
    fulfilled: results.filter((r): r is PromiseFulfilledResult<Awaited<T>> => r.status === 'fulfilled').map((r) => r.value),
    rejected: results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown),
  };
}
