import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';

/**
 * Sets a product's rating (hundredths of a star, 0 when unrated) and review count, which the listing
 * index, its CUSTOMER RATINGS facet and rating sort, the cards and the product page's AggregateRating
 * read. Called by the reviews (modules/social) in the review's transaction; the caller bumps the
 * catalog version after the commit, as a stock change does, so every cached answer moves at once.
 */
export async function setProductRating(
  trx: Transaction<Database>,
  options: { productId: string; ratingHundredths: number; reviewCount: number },
): Promise<void> {
  await trx.updateTable('products').set({ rating: options.ratingHundredths, review_count: options.reviewCount }).where('id', '=', options.productId).execute();
}
