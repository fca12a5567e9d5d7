/** The blog module's public surface: what services.ts, app.ts and other modules use. */
export { blogRoutes } from './blog.routes.js';
export { BlogService } from './blog.service.js';
export type { BlogTables } from './blog.tables.js';
