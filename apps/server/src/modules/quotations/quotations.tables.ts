/** Tables of the quotations module (migration 050_quotations). Money in minor units; times UTC ms. */

export interface QuotationRequestsTable {
  id: string;
  buyer_id: string;
  /** product | rfq */
  kind: string;
  /** open | closed | withdrawn */
  status: string;
  category_id: string;
  product_id: string | null;
  variant_id: string | null;
  description: string;
  quantity: number;
  target_price: number | null;
  currency: string;
  wanted_by: number | null;
  deadline: number | null;
  address_id: string | null;
  /** JSON array. */
  materials: string;
  /** JSON array. */
  certificates: string;
  idempotency_key: string;
  accepted_quotation_id: string | null;
  accept_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface QuotationsTable {
  id: string;
  request_id: string;
  store_id: string;
  /** QUOTATION_STATES */
  state: string;
  invited: number;
  product_id: string | null;
  variant_id: string | null;
  unit_price: number | null;
  currency: string;
  /** JSON [{ minQuantity, unitPrice }]. */
  tiers: string;
  lead_time_days: number | null;
  valid_until: number | null;
  terms: string;
  cart_line_id: string | null;
  answered_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface QuotationHistoryTable {
  id: string;
  quotation_id: string;
  from_state: string | null;
  to_state: string;
  /** buyer | seller | system */
  actor: string;
  actor_id: string | null;
  note: string;
  at: number;
}

export interface QuotationAttachmentsTable {
  id: string;
  upload_id: string;
  request_id: string;
  quotation_id: string | null;
  name: string;
  content_type: string;
  size: number;
  created_at: number;
}

export interface QuotationsTables {
  quotation_requests: QuotationRequestsTable;
  quotations: QuotationsTable;
  quotation_history: QuotationHistoryTable;
  quotation_attachments: QuotationAttachmentsTable;
}
