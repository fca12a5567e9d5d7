/** Tables of the social module (migrations 045_favourites, 046_reviews). Times are UTC milliseconds. */

export interface FavouriteProductsTable {
  owner_id: string;
  product_id: string;
  created_at: number;
}

export interface FavouriteStoresTable {
  owner_id: string;
  store_id: string;
  created_at: number;
}

export interface WishlistsTable {
  id: string;
  owner_id: string;
  name: string;
  share_token: string | null;
  created_at: number;
  updated_at: number;
}

export interface WishlistItemsTable {
  wishlist_id: string;
  product_id: string;
  created_at: number;
}

export interface ReviewsTable {
  id: string;
  product_id: string;
  store_id: string;
  order_line_id: string;
  buyer_id: string;
  rating: number;
  text: string;
  /** visible | hidden */
  status: string;
  hidden_reason: string | null;
  hidden_by: string | null;
  hidden_at: number | null;
  answer_text: string | null;
  answered_by: string | null;
  answered_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ReviewPhotosTable {
  id: string;
  review_id: string;
  upload_id: string;
  position: number;
  created_at: number;
}

/** Visible reviews of a product per star: r1 … r5. */
export interface ProductReviewStatsTable {
  product_id: string;
  r1: number;
  r2: number;
  r3: number;
  r4: number;
  r5: number;
  updated_at: number;
}

export interface SocialTables {
  favourite_products: FavouriteProductsTable;
  favourite_stores: FavouriteStoresTable;
  wishlists: WishlistsTable;
  wishlist_items: WishlistItemsTable;
  reviews: ReviewsTable;
  review_photos: ReviewPhotosTable;
  product_review_stats: ProductReviewStatsTable;
}
