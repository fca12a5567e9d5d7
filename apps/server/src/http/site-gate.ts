import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COOKIE_KEYS, TOKEN_COOKIE_DAYS, ZMessageResponseSchema, ZSiteUnlockRequestSchema } from '@tessera/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';
import { safeEqual } from '../lib/ids.js';

/** Paths that work while the site is locked: the gate itself, probes, and the files pages need. */
const OPEN_PREFIXES = ['/v1/site/unlock', '/healthz', '/readyz', '/metrics', '/assets/', '/favicon', '/manifest', '/icons/', '/sw.js', '/offline'];

declare module 'fastify' {
  interface FastifyRequest {
    /** True when SITE_PASSWORD is set and this visitor has not passed the gate. */
    siteLocked: boolean;
  }
}

/**
 * The password gate of seed §2. With SITE_PASSWORD set, the API refuses every call but the unlock
 * with 401 SITE_LOCKED, and pages render only the gate. The cookie holds a keyed hash of the
 * password rather than the password itself (docs/decisions/002), so reading a cookie jar does not
 * reveal it, and changing SITE_PASSWORD locks everyone out again.
 */
const sitePass = (key: Uint8Array, password: string): string => createHmac('sha256', key).update(`site-gate:${password}`).digest('base64url');

export async function registerSiteGate(app: FastifyInstance, options: { password: string | undefined; secure: boolean; key: Uint8Array }) {
  app.decorateRequest('siteLocked', false);
  const { password } = options;
  if (!password) return;
  const pass = sitePass(options.key, password);
  const unlocked = (request: FastifyRequest) => {
    const cookie = request.cookies[COOKIE_KEYS.sitePass];
    return typeof cookie === 'string' && safeEqual(cookie, pass);
  };

  app.addHook('onRequest', async (request) => {
    if (unlocked(request)) return;
    const path = request.url;
    if (OPEN_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    request.siteLocked = true;
    if (path.startsWith('/v1/') || path.startsWith('/chat/') || path.startsWith('/docs') || path === '/mqtt') {
      throw new AppError('SITE_LOCKED');
    }
  });
}

/** POST /v1/site/unlock: registered with the other API routes, after access control, like them. */
export function registerSiteUnlock(app: FastifyInstance, options: { password: string | undefined; secure: boolean; key: Uint8Array }) {
  const { password } = options;
  if (!password) return;
  const pass = sitePass(options.key, password);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/site/unlock',
    {
      config: { access: 'public', rateLimit: app.signInRateLimit },
      schema: {
        tags: ['site'],
        summary: 'Pass the site password gate',
        body: ZSiteUnlockRequestSchema,
        response: { 200: ZMessageResponseSchema },
      },
    },
    async (request, reply) => {
      if (!safeEqual(request.body.password, password)) throw new AppError('SITE_PASSWORD_INVALID', 'password');
      reply.setCookie(COOKIE_KEYS.sitePass, pass, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: options.secure,
        maxAge: TOKEN_COOKIE_DAYS * 86_400,
      });
      return { message: 'ok' };
    },
  );
}
