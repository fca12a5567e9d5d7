import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';

/** The Content-Security-Policy: only this origin; no inline script without the page's nonce. */
function directives(options: { secure: boolean; nonce?: string }): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': options.nonce ? ["'self'", `'nonce-${options.nonce}'`] : ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
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
  };
}

const serialize = (policy: Record<string, string[]>): string =>
  Object.entries(policy)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/**
 * Security headers. Every answer carries a strict Content-Security-Policy computed once; a
 * rendered page replaces it with one that allows its own inline scripts by a fresh nonce
 * (`usePageNonce`), so only pages pay for the random bytes. In development Vite injects its own
 * client and styles, so the policy is left off there.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { development: boolean; secure: boolean }) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: options.development ? false : { useDefaults: false, directives: directives(options) },
    // HSTS only makes sense where the site is served over HTTPS.
    strictTransportSecurity: options.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}

/** Gives a page a nonce for its inline scripts and the policy that allows them. */
export function usePageNonce(reply: FastifyReply, options: { development: boolean; secure: boolean }): string {
  const nonce = randomBytes(16).toString('base64');
  if (!options.development) reply.header('content-security-policy', serialize(directives({ ...options, nonce })));
  return nonce;
}
