import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TOKEN_NOT_EXPIRED_STATUS,
  ZGenerateTokenRequestSchema,
  ZGenerateTokenResponseSchema,
  ZGuestSignInRequestSchema,
  ZGuestSignInResponseSchema,
  ZLogoutRequestSchema,
  ZMessageResponseSchema,
} from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import type { AuthService } from './auth.service.js';

/** How a client gets, renews and gives up its tokens. */
export function authRoutes(auth: AuthService): FastifyPluginAsync {
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();

    typed.post(
      '/v1/guest/signIn',
      {
        config: { access: 'public', rateLimit: app.guestSignInRateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Sign in as a guest: opens a session and returns its first tokens',
          body: ZGuestSignInRequestSchema,
          response: { 200: ZGuestSignInResponseSchema },
        },
      },
      async (request) => {
        const session = await auth.signInGuest({
          device: request.body,
          ipAddress: request.ip,
          language: requestLanguage(request),
        });
        return {
          message: 'Signed in as a guest',
          data: { token: session.tokens, sessionId: session.sessionId, userId: session.userId, userType: session.userType },
        };
      },
    );

    typed.post(
      '/v1/generateToken',
      {
        // A refresh token is 256 random bits: guessing one is hopeless, so the limit only has to
        // fit an office of open tabs renewing their tokens every 15 minutes.
        config: { access: 'public', rateLimit: app.guestSignInRateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Exchange an expired access token and its refresh token for new ones',
          description: `Answers 200 with a message containing ${TOKEN_NOT_EXPIRED_STATUS} and no data when the access token has not expired yet.`,
          body: ZGenerateTokenRequestSchema,
          response: { 200: ZGenerateTokenResponseSchema },
        },
      },
      async (request) => {
        const result = await auth.refresh(request.body);
        if (result.status === 'not-expired') {
          return { message: `${TOKEN_NOT_EXPIRED_STATUS}: the access token has not expired yet; keep using it` };
        }
        return { message: 'Token refreshed', data: result.tokens };
      },
    );

    typed.post(
      '/v1/customer/logout',
      {
        config: { access: 'session' },
        schema: {
          tags: ['auth'],
          summary: 'End the current session',
          security: [{ accessToken: [] }],
          body: ZLogoutRequestSchema,
          response: { 200: ZMessageResponseSchema },
        },
      },
      async (request) => {
        await auth.logout({ auth: request.auth });
        return { message: 'Logged out' };
      },
    );
  };
}
