import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminOrdersQuerySchema,
  ZAdminOrdersResponseSchema,
  ZAdminRefundRequestSchema,
  ZCancelDecisionRequestSchema,
  ZCancelRequestRequestSchema,
  ZCancelStoreOrderRequestSchema,
  ZOrderResponseSchema,
  ZOrdersQuerySchema,
  ZOrdersResponseSchema,
  ZReorderResponseSchema,
  ZSellerOrdersQuerySchema,
  ZSellerStatusChangeRequestSchema,
  ZStoreOrderResponseSchema,
  ZStoreOrdersResponseSchema,
  ZStoreTotalsResponseSchema,
} from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import type { AdminOrderSearch } from './admin-orders.js';
import type { OrderInvoices } from './order-invoice.js';
import type { OrdersService } from './orders.service.js';

const zId = () => z.string().min(1).max(64);
const ZOrderParams = z.object({ orderId: zId() });
const ZStoreOrderParams = z.object({ orderId: zId(), storeOrderId: zId() });
const ZLineParams = z.object({ orderId: zId(), lineId: zId() });
const ZSellerStoreOrderParams = z.object({ storeOrderId: zId() });
const ZSellerLineParams = z.object({ storeOrderId: zId(), lineId: zId() });

/** Buyers' orders, the seller portal's incoming orders, and the team's refunds. */
export function ordersRoutes(deps: { orders: OrdersService; adminOrders: AdminOrderSearch; invoices: OrderInvoices }): FastifyPluginAsync {
  const { orders } = deps;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const buyers = { access: ['buyer'] } as const;
    const sellers = { access: ['seller'] } as const;

    typed.get(
      '/v1/orders',
      { config: buyers, schema: { tags: ['orders'], summary: 'The buyer’s active or past orders, newest first', querystring: ZOrdersQuerySchema, response: { 200: ZOrdersResponseSchema } } },
      async (request) => ({ message: 'OK', data: await orders.listForBuyer({ buyerId: request.auth.userId, ...request.query, language: requestLanguage(request) }) }),
    );

    typed.get(
      '/v1/orders/:orderId',
      { config: buyers, schema: { tags: ['orders'], summary: 'An order with its store orders, items and history (seed Order labels)', params: ZOrderParams, response: { 200: ZOrderResponseSchema } } },
      async (request) => ({ message: 'OK', data: await orders.getForBuyer({ buyerId: request.auth.userId, orderId: request.params.orderId, language: requestLanguage(request) }) }),
    );

    typed.get(
      '/v1/orders/:orderId/invoice.pdf',
      {
        // A plain link on the order page downloads it: the storefront's token cookie is accepted too.
        config: { access: ['buyer', 'team:owner', 'team:moderator', 'team:support'], tokenCookie: true },
        schema: { tags: ['orders'], summary: 'The order’s invoice as a PDF (the buyer’s own order; any order for the team)', params: ZOrderParams },
      },
      async (request, reply) => {
        const pdf = await deps.invoices.render({ requester: request.auth, orderId: request.params.orderId, language: requestLanguage(request) });
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="invoice-${request.params.orderId}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    typed.post(
      '/v1/orders/:orderId/store-orders/:storeOrderId/cancel',
      { config: buyers, schema: { tags: ['orders'], summary: 'Cancel a store order before it is packed', params: ZStoreOrderParams, body: ZCancelStoreOrderRequestSchema, response: { 200: ZOrderResponseSchema } } },
      async (request) => ({ message: 'Order cancelled', data: await orders.cancelByBuyer({ buyerId: request.auth.userId, ...request.params, ...request.body, language: requestLanguage(request) }) }),
    );

    typed.post(
      '/v1/orders/:orderId/lines/:lineId/cancel-request',
      { config: buyers, schema: { tags: ['orders'], summary: 'Ask the seller to cancel an item (after packing)', params: ZLineParams, body: ZCancelRequestRequestSchema, response: { 200: ZOrderResponseSchema } } },
      async (request) => ({ message: 'Cancellation requested', data: await orders.requestItemCancel({ buyerId: request.auth.userId, ...request.params, ...request.body, language: requestLanguage(request) }) }),
    );

    typed.post(
      '/v1/orders/:orderId/reorder',
      { config: buyers, schema: { tags: ['orders'], summary: 'Add what is still available of an order to the cart; say what was not', params: ZOrderParams, response: { 200: ZReorderResponseSchema } } },
      async (request) => {
        const data = await orders.reorder({ buyerId: request.auth.userId, orderId: request.params.orderId, language: requestLanguage(request) });
        return { message: data.added.length ? 'Product Added Sucessfully' : 'Nothing could be added', data };
      },
    );

    typed.get(
      '/v1/seller/orders',
      { config: sellers, schema: { tags: ['seller orders'], summary: 'The store’s orders, newest first', querystring: ZSellerOrdersQuerySchema, response: { 200: ZStoreOrdersResponseSchema } } },
      async (request) => {
        const store = await orders.storeOfSeller(request.auth.userId);
        return { message: 'OK', data: await orders.listForStore({ storeId: store.id, ...request.query, language: requestLanguage(request) }) };
      },
    );

    typed.get(
      '/v1/seller/orders/summary',
      { config: sellers, schema: { tags: ['seller orders'], summary: 'The store’s totals per state and its payout', response: { 200: ZStoreTotalsResponseSchema } } },
      async (request) => ({ message: 'OK', data: await orders.storeTotals({ storeId: (await orders.storeOfSeller(request.auth.userId)).id }) }),
    );

    typed.get(
      '/v1/seller/orders/:storeOrderId',
      { config: sellers, schema: { tags: ['seller orders'], summary: 'One of the store’s orders', params: ZSellerStoreOrderParams, response: { 200: ZStoreOrderResponseSchema } } },
      async (request) => {
        const store = await orders.storeOfSeller(request.auth.userId);
        return { message: 'OK', data: await orders.getForStore({ storeId: store.id, storeOrderId: request.params.storeOrderId, language: requestLanguage(request) }) };
      },
    );

    typed.post(
      '/v1/seller/orders/:storeOrderId/status',
      {
        config: sellers,
        schema: { tags: ['seller orders'], summary: 'Accept, pack, send out with a driver, mark ready for pickup, delivered or picked up, or cancel', params: ZSellerStoreOrderParams, body: ZSellerStatusChangeRequestSchema, response: { 200: ZStoreOrderResponseSchema } },
      },
      async (request) => {
        const store = await orders.storeOfSeller(request.auth.userId);
        const { status, ...rest } = request.body;
        return { message: 'OK', data: await orders.changeStatus({ storeId: store.id, actorId: request.auth.userId, actor: 'seller', storeOrderId: request.params.storeOrderId, to: status, ...rest, language: requestLanguage(request) }) };
      },
    );

    typed.post(
      '/v1/seller/orders/:storeOrderId/lines/:lineId/cancel-request',
      { config: sellers, schema: { tags: ['seller orders'], summary: 'Accept or refuse a buyer’s request to cancel an item', params: ZSellerLineParams, body: ZCancelDecisionRequestSchema, response: { 200: ZStoreOrderResponseSchema } } },
      async (request) => {
        const store = await orders.storeOfSeller(request.auth.userId);
        return { message: 'OK', data: await orders.decideCancelRequest({ storeId: store.id, actorId: request.auth.userId, ...request.params, ...request.body, language: requestLanguage(request) }) };
      },
    );

    typed.get(
      '/v1/admin/orders',
      { config: { access: ['team:owner', 'team:moderator', 'team:support'] }, schema: { tags: ['admin orders'], summary: 'Every order, newest first: search by order id, store order id, buyer e-mail or store; filter by state, store, payment type and date', querystring: ZAdminOrdersQuerySchema, response: { 200: ZAdminOrdersResponseSchema } } },
      async (request) => ({ message: 'OK', data: await deps.adminOrders.list({ ...request.query, language: requestLanguage(request) }) }),
    );

    typed.get(
      '/v1/admin/orders/:orderId',
      { config: { access: ['team:owner', 'team:moderator', 'team:support'] }, schema: { tags: ['admin orders'], summary: 'Any order with its store orders and history', params: ZOrderParams, response: { 200: ZOrderResponseSchema } } },
      async (request) => ({ message: 'OK', data: await orders.orderView(request.params.orderId, requestLanguage(request)) }),
    );

    typed.post(
      '/v1/admin/store-orders/:storeOrderId/refund',
      { config: { access: ['team:owner', 'team:moderator'] }, schema: { tags: ['admin orders'], summary: 'Refund a store order by hand (to the card or the wallet)', params: ZSellerStoreOrderParams, body: ZAdminRefundRequestSchema, response: { 200: ZStoreOrderResponseSchema } } },
      async (request) => ({ message: 'OK', data: await orders.refundByTeam({ actorId: request.auth.userId, storeOrderId: request.params.storeOrderId, ...request.body, language: requestLanguage(request) }) }),
    );
  };
}
