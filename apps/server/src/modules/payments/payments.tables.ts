/** Tables of modules/payments (migration 025). Money in minor units; times UTC milliseconds. */

export interface PaymentsTable {
  id: string;
  user_id: string;
  /** order | wallet_topup */
  purpose: string;
  order_ref: string | null;
  /** test | stripe */
  provider: string;
  /** The provider's id of the payment (test gateway ref, Stripe PaymentIntent id). */
  provider_ref: string | null;
  idempotency_key: string;
  /** What the first request asked for: the same key with another request is refused. */
  request_hash: string;
  amount: number;
  currency: string;
  /** PaymentStatus of the contracts. */
  status: string;
  captured_amount: number;
  refunded_amount: number;
  card_brand: string | null;
  card_last4: string | null;
  saved_card_id: string | null;
  decline_reason: string | null;
  action_client_secret: string | null;
  action_redirect_url: string | null;
  created_at: number;
  updated_at: number;
}

export interface PaymentRefundsTable {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  /** pending | succeeded | failed */
  status: string;
  reason: string | null;
  idempotency_key: string;
  provider_ref: string | null;
  failure: string | null;
  created_at: number;
  updated_at: number;
}

export interface SavedCardsTable {
  id: string;
  user_id: string;
  provider: string;
  provider_token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string | null;
  created_at: number;
}

export interface PaymentWebhookEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: number;
}

export interface TestGatewayCardsTable {
  token: string;
  behaviour: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: number;
}

export interface TestGatewayPaymentsTable {
  ref: string;
  token: string;
  amount: number;
  currency: string;
  status: string;
  amount_captured: number;
  amount_refunded: number;
  created_at: number;
}

export interface TestGatewayRequestsTable {
  idempotency_key: string;
  result: string;
  created_at: number;
}

export interface PaymentsTables {
  payments: PaymentsTable;
  payment_refunds: PaymentRefundsTable;
  saved_cards: SavedCardsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  test_gateway_cards: TestGatewayCardsTable;
  test_gateway_payments: TestGatewayPaymentsTable;
  test_gateway_requests: TestGatewayRequestsTable;
}
