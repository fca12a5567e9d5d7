/** Tables the commissions module owns (migration 055). Money in minor units of `currency`; times UTC milliseconds. */

export interface CommissionsTable {
  id: string;
  /** CustomProduct | fullyCustom */
  kind: string;
  /** CommissionStatus of the contracts (COMMISSION_TRANSITIONS). */
  status: string;
  buyer_id: string;
  store_id: string;
  product_id: string | null;
  /** JSON of the buyer's choices {size, colour, material}. */
  choices: string;
  personalisation: string | null;
  /** The product's title when asked, or the fully custom piece's. */
  title: string;
  description: string | null;
  budget: number | null;
  wanted_by: string | null;
  quantity: number;
  notes: string | null;
  currency: string;
  price: number | null;
  deposit: number | null;
  lead_time_days: number | null;
  change_rounds: number | null;
  /** Percent of the deposit given back when the buyer cancels after paying it. */
  refund_share: number | null;
  proposal_note: string | null;
  changes_used: number;
  proof_round: number;
  deposit_paid: number;
  balance_paid: number;
  refunded: number;
  request_key: string;
  created_at: number;
  updated_at: number;
}

export interface CommissionHistoryTable {
  id: string;
  commission_id: string;
  action: string;
  from_status: string | null;
  to_status: string;
  /** buyer | seller */
  actor_role: string;
  actor_id: string;
  note: string | null;
  round: number | null;
  created_at: number;
}

export interface CommissionImagesTable {
  id: string;
  commission_id: string;
  upload_id: string;
  /** reference (the buyer's) | proof (the seller's, with its round) */
  kind: string;
  round: number | null;
  uploaded_by: string;
  created_at: number;
}

export interface CommissionPaymentsTable {
  id: string;
  commission_id: string;
  /** deposit | balance */
  stage: string;
  /** card | wallet */
  method: string;
  amount: number;
  currency: string;
  payment_ref: string | null;
  refunded: number;
  created_at: number;
}

export interface CommissionsTables {
  commissions: CommissionsTable;
  commission_history: CommissionHistoryTable;
  commission_images: CommissionImagesTable;
  commission_payments: CommissionPaymentsTable;
}
