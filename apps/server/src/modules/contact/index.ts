/** The contact module's public surface: what services.ts, app.ts and other modules use. */
export { CONTACT_TEMPLATES_COPY, type ContactTemplateParams } from './contact-emails.js';
export { contactRoutes } from './contact.routes.js';
export { ContactService } from './contact.service.js';
export type { ContactTables } from './contact.tables.js';
