/** The team module's public surface: what services.ts, app.ts and other modules use. */
export { adminRoutes } from './admin.routes.js';
export { TeamService } from './team.service.js';
