import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
import { type CachedAnswer, createReadCache, type ReadCache } from '../catalog/index.js';
import { FavouritesService } from './favourites.service.js';
import { favouritesRoutes } from './favourites.routes.js';
import { ReviewReads } from './review-read.js';
import { reviewsRoutes } from './reviews.routes.js';
import { ReviewsService } from './reviews.service.js';
import { WishlistsService } from './wishlists.service.js';

/** Favourites, wishlists and reviews (issue #13 §3, §4): docs/social.md. */
export interface SocialServices {
  favourites: FavouritesService;
  wishlists: WishlistsService;
  reviews: ReviewsService;
  reviewReads: ReviewReads;
  /** The product page's reviews section, as finished answers (docs/social.md "The reviews cache"). */
  reviewsCache: ReadCache<CachedAnswer>;
  /** Product id (or '' for none published) per id or slug asked for, per catalog version. */
  reviewedProductIds: ReadCache<string>;
}

export function createSocialServices(options: {
  db: Db;
  shared: Pick<Services, 'accounts' | 'notifications' | 'uploads' | 'catalog' | 'signingKey'>;
}): SocialServices {
  const { shared } = options;
  const db = options.db.kysely;
  const favourites = new FavouritesService({ db, notifications: shared.notifications });
  // A guest's favourites follow him into his account, in the sign-in's transaction (like his cart).
  shared.accounts.onGuestMerge((merge) => favourites.mergeGuest(merge));
  // Restocks and price drops of favourites are e-mailed through the catalog's notify-me path.
  shared.catalog.stockNotifications.watch(favourites.watcher());
  const { version, reviewsVersion } = shared.catalog;
  const reviews = new ReviewsService({ db, version, reviewsVersion, uploads: shared.uploads });
  // A review shows its author's name: a rename must show on the next read.
  shared.accounts.onNameChanged(() => reviewsVersion.bump());
  // The answers follow the reviews version alone (every review write, rename and photo bumps it), so
  // a catalog change (a stock move on every order) does not drop them; which product a slug names
  // and whether it is published follow the catalog version, in a cache of their own.
  const reviewsCache = createReadCache<CachedAnswer>({
    version: () => reviewsVersion.current(),
    sizeOf: (answer) => answer.raw.length,
    maxEntries: 20_000,
    maxBytes: 64 * 1024 * 1024,
  });
  const reviewedProductIds = createReadCache<string>({ version: () => version.current(), maxEntries: 50_000 });
  // A review's photos are public while the review is visible.
  shared.uploads.registerSubject('review', (reviewId) => reviews.isPublic(reviewId));
  return {
    favourites,
    wishlists: new WishlistsService({ db }),
    reviews,
    reviewReads: new ReviewReads({ db, cursorKey: shared.signingKey }),
    reviewsCache,
    reviewedProductIds,
  };
}

/** Every social route plugin, registered by app.ts after the access-control hook. */
export function socialRoutes(services: Services): FastifyPluginAsync {
  const { social } = services;
  return async (app) => {
    await app.register(favouritesRoutes({ favourites: social.favourites, wishlists: social.wishlists }));
    await app.register(
      reviewsRoutes({ reviews: social.reviews, reads: social.reviewReads, cache: social.reviewsCache, productIds: social.reviewedProductIds }),
    );
  };
}
