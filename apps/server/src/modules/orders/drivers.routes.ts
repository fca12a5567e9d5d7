import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDriverCreateRequestSchema, ZDriverOrdersResponseSchema, ZDriverPositionRequestSchema, ZDriverSchema, ZDriversResponseSchema, ZLoginRequestSchema, ZMessageResponseSchema, ZSessionResponseSchema, ZStoreOrderResponseSchema } from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import { type AccountsService, type CredentialsService, openSessionResponse } from '../accounts/index.js';
import type { AuthService } from '../auth/index.js';
import type { DriversService } from './drivers.service.js';
import type { OrdersService } from './orders.service.js';

const ZStoreOrderParams = z.object({ storeOrderId: z.string().min(1).max(64) });

/** Sellers' drivers, and the driver's own API (login, orders he carries, position, delivered). */
export function driversRoutes(deps: { drivers: DriversService; orders: OrdersService; auth: AuthService; accounts: AccountsService; credentials: CredentialsService }): FastifyPluginAsync {
  const { drivers, orders } = deps;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const driversOnly = { access: ['driver'] } as const;

    typed.get(
      '/v1/seller/drivers',
      { config: { access: ['seller'] }, schema: { tags: ['drivers'], summary: 'The store’s drivers', response: { 200: ZDriversResponseSchema } } },
      async (request) => ({ message: 'OK', data: { drivers: await drivers.list({ storeId: (await orders.storeOfSeller(request.auth.userId)).id }) } }),
    );

    typed.post(
      '/v1/seller/drivers',
      { config: { access: ['seller'] }, schema: { tags: ['drivers'], summary: 'Make a driver account for the store', body: ZDriverCreateRequestSchema, response: { 200: z.object({ message: z.string(), data: ZDriverSchema }) } } },
      async (request) => ({ message: 'Driver added', data: await drivers.create({ storeId: (await orders.storeOfSeller(request.auth.userId)).id, input: request.body }) }),
    );

    typed.post(
      '/v1/driver/login',
      { config: { access: 'public', rateLimit: app.signInRateLimit }, schema: { tags: ['drivers'], summary: 'Log in to the driver page', body: ZLoginRequestSchema, response: { 200: ZSessionResponseSchema } } },
      async (request) => {
        const user = await deps.credentials.checkLogin({ input: request.body, allowed: ['driver'], address: request.ip });
        return openSessionResponse({ request, auth: deps.auth, accounts: deps.accounts, userId: user.id, userType: 'driver', message: 'Logged in' });
      },
    );

    typed.get(
      '/v1/driver/orders',
      { config: driversOnly, schema: { tags: ['drivers'], summary: 'The store orders the driver carries now, with where each goes', response: { 200: ZDriverOrdersResponseSchema } } },
      async (request) => ({ message: 'OK', data: { storeOrders: await drivers.assigned({ userId: request.auth.userId, language: requestLanguage(request) }) } }),
    );

    typed.post(
      '/v1/driver/orders/:storeOrderId/position',
      { config: driversOnly, schema: { tags: ['drivers'], summary: 'Share the driver’s position (published live on Order/{orderId})', params: ZStoreOrderParams, body: ZDriverPositionRequestSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await drivers.reportPosition({ userId: request.auth.userId, storeOrderId: request.params.storeOrderId, ...request.body });
        return { message: 'OK' };
      },
    );

    typed.post(
      '/v1/driver/orders/:storeOrderId/delivered',
      { config: driversOnly, schema: { tags: ['drivers'], summary: 'Mark the store order delivered', params: ZStoreOrderParams, response: { 200: ZStoreOrderResponseSchema } } },
      async (request) => ({ message: 'OK', data: await drivers.markDelivered({ userId: request.auth.userId, storeOrderId: request.params.storeOrderId, language: requestLanguage(request) }) }),
    );
  };
}
