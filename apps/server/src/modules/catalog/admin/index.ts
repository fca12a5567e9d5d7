/** On top — the admin's catalog editors, one a file (categories, brands, menus, banners, specialities), and their routes. */
export { adminCatalogRoutes } from './admin-catalog.routes.js';
export { AdminCatalogService } from './admin-catalog.service.js';
