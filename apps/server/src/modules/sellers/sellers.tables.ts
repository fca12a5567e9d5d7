import type { Generated } from 'kysely';

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
  // Added by 005_catalog.
  /** JSON object: the maker's story per language. */
  story: Generated<string>;
  /** 1: shown among the home page's featured makers. */
  featured: Generated<number>;
}

export interface SellersTables {
  stores: StoresTable;
}
