import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface SecurityOptions {
  development: boolean;
  secure: boolean;
  /** The site's public address: its WebSocket twin is the one host the realtime channel may reach. */
  publicUrl: string;
  /** The map tile server's origin (MAP_TILE_URL): the tracking map fetches tiles from it. */
  mapTileOrigin?: string | undefined;
}

/**
 * The site's own WebSocket origin (ws://host for http, wss://host for https). 'self' covers it in
 * CSP 3 browsers; older Safari read 'self' as http(s) only, so it is named as well, and nothing
 * else: a bare `ws:`/`wss:` would let an injected script talk to any host.
 */
const realtimeOrigin = (publicUrl: string): string => {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
};

/** The Content-Security-Policy: only this origin; no inline script without the page's nonce. */
function directives(options: SecurityOptions & { nonce?: string }): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': options.nonce ? ["'self'", `'nonce-${options.nonce}'`] : ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(options.mapTileOrigin ? [options.mapTileOrigin] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", realtimeOrigin(options.publicUrl), ...(options.mapTileOrigin ? [options.mapTileOrigin] : [])],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    ...(options.secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** `name value value; name …` — a directive without values (upgrade-insecure-requests) is its name alone. */
const serialize = (policy: Record<string, string[]>): string =>
  Object.entries(policy)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/**
 * Security headers. Pages and files get helmet's defaults for this configuration, with a strict
 * Content-Security-Policy computed once; a rendered page replaces it with one that allows its own
 * inline scripts by a fresh nonce (`usePageNonce`), so only pages pay for the random bytes. In
 * development Vite injects its own client and styles, so the policy is left off there.
 *
 * The JSON API (/v1/) gets the shorter set OWASP's REST Security Cheat Sheet gives for API answers
 * (docs/decisions/005): a policy that lets a JSON answer opened as a document load nothing and be
 * framed nowhere, nosniff, same-origin resource policy, no framing, and HSTS where served over
 * HTTPS. The others (X-XSS-Protection, X-Download-Options, Origin-Agent-Cluster, …) only mean
 * something for HTML documents; on the busiest answers they were a third of the bytes.
 *
 * The headers never change between requests, so they are built once and set by one synchronous
 * hook: @fastify/helmet rebuilds helmet's whole middleware (parsing the policy again) in two hooks
 * on every request, a real share of a cached catalog read.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions) {
  const hsts: Array<[string, string]> = options.secure ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] : [];
  const documentHeaders: Array<[string, string]> = [
    ...(options.development ? [] : [['Content-Security-Policy', serialize(directives(options))] as [string, string]]),
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'no-referrer'],
    // HSTS only makes sense where the site is served over HTTPS.
    ...hsts,
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
  const apiHeaders: Array<[string, string]> = [
    ['Content-Security-Policy', API_POLICY],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ...hsts,
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
  ];
  // On the raw response, as helmet does: a route's own reply.header() still wins, and answers
  // written straight to the socket (hijacked, streamed) carry them too.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of request.url.startsWith('/v1/') ? apiHeaders : documentHeaders) raw.setHeader(name, value);
    done();
  });
}

/** The policy of JSON answers: opened as a document, one loads nothing and cannot be framed. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Gives a page a nonce for its inline scripts and the policy that allows them. */
export function usePageNonce(reply: FastifyReply, options: SecurityOptions): string {
  const nonce = randomBytes(16).toString('base64');
  if (!options.development) reply.header('content-security-policy', serialize(directives({ ...options, nonce })));
  return nonce;
}
