/** The app-config module's public surface: what services.ts, app.ts and other modules use. */
export { appConfigRoutes } from './app-config.routes.js';
export { buildAppConfig } from './app-config.service.js';
