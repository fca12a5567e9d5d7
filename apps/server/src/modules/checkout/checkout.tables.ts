/** The checkout module's table (migration 020_buying): one row per idempotency key, the run's state. */

/** awaiting_payment: the card provider's answer was lost; the payments' reconciliation settles it. */
export type CheckoutRunState = 'started' | 'reserved' | 'awaiting_action' | 'awaiting_payment' | 'completed' | 'failed';

export interface CheckoutRunsTable {
  id: string;
  user_id: string;
  idempotency_key: string;
  /** Hash of the request: the same key with other details is refused. */
  request_hash: string;
  state: CheckoutRunState;
  /** JSON CheckoutPlan: what the steps write and undo. */
  plan: string;
  order_id: string | null;
  payment_ref: string | null;
  payment_status: string | null;
  /** JSON of the payment's next step (requires_action). */
  payment_action: string | null;
  error_code: string | null;
  created_at: number;
  updated_at: number;
}

export interface CheckoutTables {
  checkout_runs: CheckoutRunsTable;
}
