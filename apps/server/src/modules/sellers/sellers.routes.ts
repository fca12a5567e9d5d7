import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STORE_LOGO_MAX_BYTES, ZLoginRequestSchema, ZSellerSignupRequestSchema, ZSessionResponseSchema, ZStoreSchema, ZStoreUpdateSchema } from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import { InvalidField } from '../../lib/errors.js';
import { type AccountsService, type CredentialsService, openSessionResponse } from '../accounts/index.js';
import type { AuthService } from '../auth/index.js';
import { readMultipartFiles, registerMultipart } from '../uploads/index.js';
import type { SellersService } from './sellers.service.js';

const ZStoreResponseSchema = z.object({ message: z.string(), data: ZStoreSchema });

/** The seller portal's API: its own signup and login (a seller token), and the store profile. */
export function sellersRoutes(deps: { auth: AuthService; accounts: AccountsService; credentials: CredentialsService; sellers: SellersService }): FastifyPluginAsync {
  const { auth, accounts, credentials, sellers } = deps;
  return async (app) => {
    await registerMultipart(app);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const sellerOnly = { access: ['seller'] } as const;

    typed.post(
      '/v1/seller/signup',
      {
        config: { access: 'public', rateLimit: app.signInRateLimit },
        schema: { tags: ['sellers'], summary: 'Sign up as a seller with a store; the store waits for approval', body: ZSellerSignupRequestSchema, response: { 200: ZSessionResponseSchema } },
      },
      async (request) => {
        const userId = await sellers.signUp({ input: request.body, language: requestLanguage(request) });
        return openSessionResponse({ request, auth, accounts, userId, userType: 'seller', message: 'Signed up: your store is pending approval' });
      },
    );

    typed.post(
      '/v1/seller/login',
      {
        config: { access: 'public', rateLimit: app.signInRateLimit },
        schema: { tags: ['sellers'], summary: 'Log in to the seller portal', body: ZLoginRequestSchema, response: { 200: ZSessionResponseSchema } },
      },
      async (request) => {
        const user = await credentials.checkLogin({ input: request.body, allowed: ['seller'], address: request.ip });
        return openSessionResponse({ request, auth, accounts, userId: user.id, userType: 'seller', message: 'Logged in' });
      },
    );

    typed.get(
      '/v1/seller/store',
      { config: sellerOnly, schema: { tags: ['sellers'], summary: 'The seller’s own store, with its approval status', response: { 200: ZStoreResponseSchema } } },
      async (request) => ({ message: 'ok', data: await sellers.getOwnStore({ sellerId: request.auth.userId }) }),
    );

    typed.patch(
      '/v1/seller/store',
      { config: sellerOnly, schema: { tags: ['sellers'], summary: 'Edit the store profile', body: ZStoreUpdateSchema, response: { 200: ZStoreResponseSchema } } },
      async (request) => ({ message: 'Store updated', data: await sellers.updateOwnStore({ sellerId: request.auth.userId, changes: request.body }) }),
    );

    typed.post(
      '/v1/seller/store/logo',
      {
        config: sellerOnly,
        schema: { tags: ['sellers'], summary: 'Replace the store logo (multipart field "logo"); web, mobile and thumbnail sizes are made from it', consumes: ['multipart/form-data'], response: { 200: ZStoreResponseSchema } },
      },
      async (request) => {
        const form = await readMultipartFiles(request, { maxFileBytes: STORE_LOGO_MAX_BYTES, maxFiles: 1, fileFields: ['logo'], fields: [] });
        const file = form.files[0];
        if (!file) throw InvalidField('logo', 'IMAGE_FORMAT_INVALID');
        return { message: 'Logo updated', data: await sellers.setLogo({ sellerId: request.auth.userId, data: file.data, filename: file.filename }) };
      },
    );
  };
}
