import type { Kysely, Migration } from 'kysely';

/**
 * The payments' reconciliation (payments.service.ts: reconcile) looks every minute for payments
 * still 'pending' after a few minutes (their provider's answer was lost): by status, then age, so
 * that it reads those few rows and not the whole table.
 */
export const paymentsReconcile: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('payments_status_created').on('payments').columns(['status', 'created_at']).execute();
  },
};
