/** On top — the admin's catalog editors: categories, brands, menus, banners and specialities. */
export { adminCatalogRoutes } from './admin-catalog.routes.js';
export { AdminCatalogService } from './admin-catalog.service.js';
