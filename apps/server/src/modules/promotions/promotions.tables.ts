/** Tables of modules/promotions (migration 027). Lists are JSON arrays in text columns. */

export interface PromotionsTable {
  id: string;
  /** Upper case. */
  code: string;
  /** JSON of the localised title {en, es?, ar?, ms?}. */
  title: string;
  /** percentage | fixed */
  discount_type: string;
  /** products | delivery */
  applies_to: string;
  /** Whole percent, or minor units of `currency`. */
  value: number;
  currency: string;
  max_discount: number | null;
  min_purchase: number;
  regions: string;
  category_ids: string;
  store_ids: string;
  payment_methods: string;
  delivery_modes: string;
  first_order_only: number;
  per_buyer_limit: number | null;
  total_limit: number | null;
  starts_at: number | null;
  ends_at: number | null;
  public: number;
  /** active | paused */
  status: string;
  /** A seller's code: his store; null for the store team's codes. */
  owner_store_id: string | null;
  uses_count: number;
  /** Minor units of the default currency. */
  discount_given: number;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface PromotionUsesTable {
  id: string;
  promotion_id: string;
  buyer_id: string;
  order_id: string;
  discount: number;
  currency: string;
  discount_default: number;
  created_at: number;
}

export interface PromotionBuyerUsesTable {
  promotion_id: string;
  buyer_id: string;
  uses: number;
}

export interface PromotionsTables {
  promotions: PromotionsTable;
  promotion_uses: PromotionUsesTable;
  promotion_buyer_uses: PromotionBuyerUsesTable;
}
