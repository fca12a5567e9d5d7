import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
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
  const reviews = new ReviewsService({ db, version: shared.catalog.version, uploads: shared.uploads });
  // A review's photos are public while the review is visible.
  shared.uploads.registerSubject('review', (reviewId) => reviews.isPublic(reviewId));
  return { favourites, wishlists: new WishlistsService({ db }), reviews, reviewReads: new ReviewReads({ db, cursorKey: shared.signingKey }) };
}

/** Every social route plugin, registered by app.ts after the access-control hook. */
export function socialRoutes(services: Services): FastifyPluginAsync {
  const { social } = services;
  return async (app) => {
    await app.register(favouritesRoutes({ favourites: social.favourites, wishlists: social.wishlists }));
    await app.register(reviewsRoutes({ reviews: social.reviews, reads: social.reviewReads }));
  };
}
