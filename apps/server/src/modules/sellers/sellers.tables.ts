/** The sellers module owns the stores (created by migration 002_accounts). */

export interface StoresTable {
  id: string;
  seller_user_id: string;
  /** JSON object of names per language, e.g. {"en": "…", "ar": "…"}. */
  store_name: string;
  store_alias_name: string;
  /** JSON object of descriptions per language. */
  description: string;
  logo_web_upload_id: string | null;
  logo_thumb_upload_id: string | null;
  logo_mobile_upload_id: string | null;
  country: string;
  city: string;
  address: string | null;
  /** JSON object: shipping, returns, payment and custom-order policies. */
  policies: string;
  chat_user_id: string | null;
  /** pending | approved | rejected */
  status: string;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SellersTables {
  stores: StoresTable;
}
