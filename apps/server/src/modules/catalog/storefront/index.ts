/** Floor 5 — the buyers' read side: product pages, stores, common data and the home page, wired into CatalogRead, and their routes. */
export { type CatalogRead, createCatalogRead } from './catalog-read.module.js';
export { catalogReadRoutes } from './catalog.routes.js';
export { storeSummary } from './stores-public.service.js';
