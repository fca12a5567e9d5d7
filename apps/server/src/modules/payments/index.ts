/** The payments module's public surface: what services.ts, app.ts and other modules use. */
export type { PaymentGateway } from './gateways/gateway.js';
export { StripeGateway } from './gateways/stripe-gateway.js';
export { TestGateway } from './gateways/test-gateway.js';
export { paymentsRoutes } from './payments.routes.js';
export { type PaymentRecord, PaymentsService } from './payments.service.js';
export type { PaymentsTables } from './payments.tables.js';
