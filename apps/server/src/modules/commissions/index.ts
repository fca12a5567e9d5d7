/** The commissions module's public surface: what services.ts, app.ts and other modules use. */
export {
  COMMISSION_NEWS,
  COMMISSION_TEMPLATES_COPY,
  commissionTemplate,
  type CommissionTemplateName,
  type CommissionUpdateParams,
} from './commission-emails.js';
export { commissionsRoutes } from './commissions.routes.js';
export { CommissionsService } from './commissions.service.js';
export type { CommissionsTables } from './commissions.tables.js';
