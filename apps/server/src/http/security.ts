import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers. The Content-Security-Policy allows only this origin; inline scripts need the
 * per-request nonce that the page renderer puts on each script React Router emits. In development
 * Vite injects its own client and styles, so the policy is left off there.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { development: boolean; secure: boolean }) {
  await app.register(helmet, {
    global: true,
    enableCSPNonces: !options.development,
    contentSecurityPolicy: options.development
      ? false
      : {
          useDefaults: false,
          directives: {
            'default-src': ["'self'"],
            'script-src': ["'self'"],
            'style-src': ["'self'", "'unsafe-inline'"],
            // Helmet adds the nonce to style-src, which makes browsers ignore 'unsafe-inline'
            // there; these two keep inline style attributes and style elements working.
            'style-src-elem': ["'self'", "'unsafe-inline'"],
            'style-src-attr': ["'unsafe-inline'"],
            'img-src': ["'self'", 'data:', 'blob:'],
            'font-src': ["'self'", 'data:'],
            'connect-src': ["'self'", 'ws:', 'wss:'],
            'worker-src': ["'self'"],
            'manifest-src': ["'self'"],
            'object-src': ["'none'"],
            'frame-ancestors': ["'none'"],
            'base-uri': ["'self'"],
            'form-action': ["'self'"],
            ...(options.secure ? { 'upgrade-insecure-requests': [] } : {}),
          },
        },
    // HSTS only makes sense where the site is served over HTTPS.
    strictTransportSecurity: options.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
