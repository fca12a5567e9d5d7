/** The points module's public surface: what services.ts, app.ts and other modules use. */
export { PointsService } from './points.service.js';
export type { PointsTables } from './points.tables.js';
