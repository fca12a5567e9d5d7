/** The quotations module's public surface: what services.ts, app.ts and other modules use. */
export { QUOTATION_NEWS, QUOTATION_TEMPLATES_COPY, quotationTemplate, type QuotationTemplateName, type QuotationUpdateParams } from './quotation-emails.js';
export { createQuotationServices, type QuotationServices, registerQuotations } from './quotations.module.js';
export type { QuotationsTables } from './quotations.tables.js';
