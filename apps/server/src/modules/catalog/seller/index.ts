/** On top — the sellers' product editor: the writer, images and evidence, and a store's reindex when its public face changes. */
export { sellerProductsRoutes } from './seller-products.routes.js';
export { SellerProductsService } from './seller-products.service.js';
export { reindexStoreOnChange } from './store-changes.js';
