/** The social module's public surface: what services.ts, app.ts and other modules use. */
export { type PriceDropParams, SOCIAL_TEMPLATES_COPY } from './social-emails.js';
export { createSocialServices, socialRoutes, type SocialServices } from './social.module.js';
export type { SocialTables } from './social.tables.js';
