/** Tables of the orders module (migration 020_buying). Money in minor units of the order's currency. */

export interface OrdersTable {
  id: string;
  buyer_id: string;
  checkout_run_id: string;
  delivery_mode: string;
  payment_type: string;
  /** not_required | authorised | captured | refunded | partially_refunded */
  payment_status: string;
  payment_ref: string | null;
  /** The currency charged (the buyer's): every amount of the order and of its store orders is in it. */
  currency: string;
  /** Set when the charged currency is not the store's: the store's currency, the rate (units of `currency` per unit of it, exact decimal), when the team set it and when checkout read it (migration 033). */
  base_currency: string | null;
  exchange_rate: string | null;
  rate_set_at: number | null;
  rate_read_at: number | null;
  subtotal: number;
  delivery_fees: number;
  tax: number;
  coupon: number;
  savings: number;
  total: number;
  wallet_amount: number;
  /** Given back to the wallet so far, in the order's currency. */
  wallet_refunded: number;
  points_redeemed: number;
  promo_code: string | null;
  delivery_note: string | null;
  /** JSON copy of the delivery address. */
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The buyer's language at the time of the order: the e-mails' language. */
  language: string;
  created_at: number;
  updated_at: number;
}

export interface StoreOrdersTable {
  id: string;
  order_id: string;
  store_id: string;
  status: string;
  delivery_mode: string;
  slot_start: number | null;
  slot_end: number | null;
  currency: string;
  subtotal: number;
  delivery_fee: number;
  driver_fee: number;
  tax: number;
  discount: number;
  total: number;
  /** Refunded so far (minor units). */
  refunded: number;
  driver_id: string | null;
  driver_latitude: number | null;
  driver_longitude: number | null;
  driver_at: number | null;
  cancel_reason: string | null;
  cancel_comments: string | null;
  created_at: number;
  updated_at: number;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  store_order_id: string;
  product_id: string;
  variant_id: string | null;
  slug: string;
  /** JSON per language. */
  title: string;
  colour: string | null;
  size: string | null;
  quantity: number;
  unit_price: number;
  mrp: number;
  line_total: number;
  /** active | cancel_requested | cancelled */
  status: string;
  cancel_reason: string | null;
  cancel_comments: string | null;
  created_at: number;
  updated_at: number;
}

export interface OrderHistoryTable {
  id: string;
  order_id: string;
  store_order_id: string;
  order_line_id: string | null;
  from_status: string | null;
  to_status: string;
  actor_id: string;
  actor_role: string;
  reason: string | null;
  comments: string | null;
  created_at: number;
}

export interface DriversTable {
  id: string;
  store_id: string;
  user_id: string;
  name: string;
  phone: string;
  active: number;
  created_at: number;
}

export interface OrdersTables {
  orders: OrdersTable;
  store_orders: StoreOrdersTable;
  order_lines: OrderLinesTable;
  order_history: OrderHistoryTable;
  drivers: DriversTable;
}
