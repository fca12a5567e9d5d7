/** Tables of the cart module (migration 020_buying). */

export interface CartsTable {
  id: string;
  /** The buyer or guest who owns the cart (one each). */
  user_id: string;
  /** DELIVERY | SELF_PICKUP */
  delivery_mode: string;
  created_at: number;
  updated_at: number;
}

export interface CartLinesTable {
  id: string;
  cart_id: string;
  product_id: string;
  variant_id: string | null;
  /** '' when there is no variant. */
  variant_key: string;
  store_id: string;
  quantity: number;
  /** A price agreed for this buyer (a chat offer); null: the catalog's price. */
  agreed_unit_price: number | null;
  agreed_currency: string | null;
  source_kind: string | null;
  source_id: string | null;
  /** '' for catalog lines, '<kind>:<id>' for agreed ones. */
  source_key: string;
  created_at: number;
  updated_at: number;
}

export interface CartTables {
  carts: CartsTable;
  cart_lines: CartLinesTable;
}
