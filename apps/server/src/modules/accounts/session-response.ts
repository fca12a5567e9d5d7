import type { FastifyRequest } from 'fastify';
import type { TSessionResponse, UserType } from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import type { AuthService } from '../auth/index.js';
import type { AccountsService } from './accounts.service.js';

/** Opens a session for a user who just signed up or logged in, and answers as the seed expects (`data.token.accessToken`). */
export async function openSessionResponse(options: {
  request: FastifyRequest;
  auth: AuthService;
  accounts: AccountsService;
  userId: string;
  userType: UserType;
  message: string;
}): Promise<TSessionResponse> {
  const { request } = options;
  const session = await options.auth.openSession({
    userId: options.userId,
    userType: options.userType,
    device: { userAgent: request.headers['user-agent'] ?? null },
    ipAddress: request.ip,
  });
  const user = await options.accounts.getProfile({ userId: options.userId, language: requestLanguage(request) });
  return { message: options.message, data: { token: session.tokens, sessionId: session.sessionId, user } };
}
