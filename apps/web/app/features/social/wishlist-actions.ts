import { wishlistsApi } from './api';

/**
 * The wishlist pages' writes, run as intents of their routes' clientActions (`runAction`); React Router
 * then reads the lists again, so a page shows the server's state (docs/web.md "Loading and submitting data").
 * Both pages carry the share controls, so both routes take every intent.
 */
export const wishlistIntents = {
  createWishlist: (name: string) => wishlistsApi.create(name),
  renameWishlist: ({ id, name }: { id: string; name: string }) => wishlistsApi.rename(id, name),
  deleteWishlist: (id: string) => wishlistsApi.remove(id),
  shareWishlist: (id: string) => wishlistsApi.share(id),
  unshareWishlist: (id: string) => wishlistsApi.unshare(id),
  removeFromWishlist: ({ id, productId }: { id: string; productId: string }) => wishlistsApi.removeProduct(id, productId),
};
