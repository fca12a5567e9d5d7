import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMISSION_LIMITS,
  UPLOAD_RULES,
  ZCommissionChangesSchema,
  ZCommissionCreateSchema,
  ZCommissionListQuerySchema,
  ZCommissionListResponseSchema,
  ZCommissionNoteSchema,
  ZCommissionPaymentResponseSchema,
  ZCommissionPaySchema,
  ZCommissionProposalSchema,
  ZCommissionResponseSchema,
  ZCommissionStepSchema,
  ZConfirmPaymentRequestSchema,
  ZProductCustomisationResponseSchema,
  ZProductCustomisationSchema,
  zId,
  type TCommission,
} from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import { AppError } from '../../lib/errors.js';
import { idempotencyKey, ZIdempotencyHeadersSchema } from '../../http/money-headers.js';
import { readMultipartFiles, registerMultipart, sendPrivateFile } from '../uploads/index.js';
import type { CommissionsService } from './commissions.service.js';

const ZIdParams = z.object({ id: zId() });
const ZProductParams = z.object({ productId: zId() });
const ZImageParams = ZIdParams.extend({ imageId: zId() });
const ZPaymentParams = ZIdParams.extend({ paymentRef: z.string().min(1).max(64) });

/** Customised and fully custom products (issue #13 §2): the buyer's, the seller's and the team's routes. */
export function commissionsRoutes(deps: { commissions: CommissionsService }): FastifyPluginAsync {
  const { commissions } = deps;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['commissions'];
    const security = [{ accessToken: [] }];
    const buyer = { access: ['buyer'] } as const;
    const seller = { access: ['seller'] } as const;
    const sides = { access: ['buyer', 'seller'] } as const;
    const caller = (request: FastifyRequest) => ({ userId: request.auth.userId, language: requestLanguage(request) });
    const optionalKey = (request: FastifyRequest) =>
      typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'].trim() || undefined : undefined;
    const one = { 200: ZCommissionResponseSchema };

    typed.get(
      '/v1/commissions/customisation/:productId',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Whether a product allows customisation, and which options',
          params: ZProductParams,
          response: { 200: ZProductCustomisationResponseSchema },
        },
      },
      async (request) => ({ message: 'ok', data: await commissions.customisation(request.params.productId) }),
    );
    typed.get(
      '/v1/seller/products/:id/customisation',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Whether a product of one’s store allows customisation (drafts too)',
          params: ZIdParams,
          response: { 200: ZProductCustomisationResponseSchema },
        },
      },
      async (request) => ({ message: 'ok', data: await commissions.sellerCustomisation({ sellerId: request.auth.userId, productId: request.params.id }) }),
    );
    typed.put(
      // Named like the seller's product routes' parameter: the router shares one node for these paths.
      '/v1/seller/products/:id/customisation',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Let buyers customise a product of one’s store (size, colour, material, personalisation)',
          params: ZIdParams,
          body: ZProductCustomisationSchema,
          response: { 200: ZProductCustomisationResponseSchema },
        },
      },
      async (request) => ({
        message: 'Saved',
        data: await commissions.setCustomisation({ sellerId: request.auth.userId, productId: request.params.id, input: request.body }),
      }),
    );

    typed.post(
      '/v1/commissions',
      {
        config: buyer,
        schema: {
          tags,
          security,
          summary: 'Ask a customisation of a product (`CustomProduct`) or a fully custom piece from a store (`fullyCustom`)',
          description: 'The same Idempotency-Key answers the same commission.',
          headers: ZIdempotencyHeadersSchema,
          body: ZCommissionCreateSchema,
          response: one,
        },
      },
      async (request) => ({
        message: 'Request sent',
        data: await commissions.request({ ...caller(request), input: request.body, idempotencyKey: optionalKey(request) }),
      }),
    );
    typed.get(
      '/v1/commissions',
      {
        config: buyer,
        schema: {
          tags,
          security,
          summary: 'The buyer’s commissions, newest activity first',
          querystring: ZCommissionListQuerySchema,
          response: { 200: ZCommissionListResponseSchema },
        },
      },
      async (request) => ({
        message: 'ok',
        data: await commissions.reads.list({ buyerId: request.auth.userId, status: request.query.status, language: requestLanguage(request) }),
      }),
    );
    typed.get(
      '/v1/commissions/:id',
      {
        config: sides,
        schema: {
          tags,
          security,
          summary: 'One commission, for its buyer or its seller: proposal, payments, images, history and the steps open now',
          params: ZIdParams,
          response: one,
        },
      },
      async (request) => ({ message: 'ok', data: await commissions.view(request.params.id, caller(request)) }),
    );
    typed.get(
      '/v1/commissions/:id/images/:imageId',
      {
        config: { access: ['buyer', 'seller', 'team'], tokenCookie: true },
        schema: { tags, security, summary: 'A reference or proof image, for either side and the team', params: ZImageParams },
      },
      async (request, reply) => {
        const file = await commissions.openImage({
          userId: request.auth.userId,
          userType: request.auth.userType,
          id: request.params.id,
          imageId: request.params.imageId,
        });
        return sendPrivateFile(reply, file);
      },
    );

    const pay = (stage: 'deposit' | 'balance', summary: string) =>
      typed.post(
        `/v1/commissions/:id/${stage}`,
        {
          config: buyer,
          schema: {
            tags,
            security,
            summary,
            description:
              'By card (the payment port) or from the wallet; header Idempotency-Key: the same key is one payment. A declined card answers 402 CARD_DECLINED; `requires_action`: confirm the payment.',
            headers: ZIdempotencyHeadersSchema,
            params: ZIdParams,
            body: ZCommissionPaySchema,
            response: { 200: ZCommissionPaymentResponseSchema },
          },
        },
        async (request) => {
          const result = await commissions.pay({
            ...caller(request),
            id: request.params.id,
            stage,
            input: request.body,
            idempotencyKey: idempotencyKey(request),
          });
          return { message: result.payment?.status === 'requires_action' ? 'Confirm the payment' : 'Paid', data: result };
        },
      );
    pay('deposit', 'Accept the proposal and pay its deposit');
    pay('balance', 'Pay the balance (price less the deposit) once the piece is ready');
    typed.post(
      '/v1/commissions/:id/payments/:paymentRef/confirm',
      {
        config: buyer,
        schema: {
          tags,
          security,
          summary: 'Finish a commission payment’s second step (3-D Secure)',
          params: ZPaymentParams,
          body: ZConfirmPaymentRequestSchema,
          response: { 200: ZCommissionPaymentResponseSchema },
        },
      },
      async (request) => ({
        message: 'Paid',
        data: await commissions.confirmPayment({
          ...caller(request),
          id: request.params.id,
          paymentRef: request.params.paymentRef,
          result: request.body.result,
        }),
      }),
    );

    const noteStep = (
      path: string,
      summary: string,
      access: { readonly access: readonly ['buyer'] | readonly ['seller'] | readonly ['buyer', 'seller'] },
      run: (options: ReturnType<typeof caller> & { id: string; note?: string | undefined }) => Promise<TCommission>,
    ) =>
      typed.post(
        path,
        { config: access, schema: { tags, security, summary, params: ZIdParams, body: ZCommissionNoteSchema, response: one } },
        async (request) => ({
          message: 'ok',
          data: await run({ ...caller(request), id: request.params.id, note: request.body.note }),
        }),
      );
    noteStep('/v1/commissions/:id/approve', 'Approve the latest proof', buyer, (o) => commissions.approve(o));
    noteStep('/v1/commissions/:id/decline', 'Decline: the seller a request, the buyer a proposal', sides, (o) => commissions.decline(o));
    noteStep('/v1/commissions/:id/cancel', 'Cancel; what was paid comes back by the proposal’s rule (to the card or the wallet)', sides, (o) =>
      commissions.cancel(o),
    );
    typed.post(
      '/v1/commissions/:id/changes',
      {
        config: buyer,
        schema: {
          tags,
          security,
          summary: 'Ask changes to the latest proof (beyond the agreed rounds the seller may refuse)',
          params: ZIdParams,
          body: ZCommissionChangesSchema,
          response: one,
        },
      },
      async (request) => ({ message: 'ok', data: await commissions.requestChanges({ ...caller(request), id: request.params.id, note: request.body.note }) }),
    );

    typed.get(
      '/v1/seller/commissions',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Commissions of the seller’s store, newest activity first',
          querystring: ZCommissionListQuerySchema,
          response: { 200: ZCommissionListResponseSchema },
        },
      },
      async (request) => ({
        message: 'ok',
        data: await commissions.reads.list({ sellerId: request.auth.userId, status: request.query.status, language: requestLanguage(request) }),
      }),
    );
    typed.post(
      '/v1/seller/commissions/:id/proposal',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Propose (or revise) price, deposit, lead time, change rounds and the cancellation rule',
          params: ZIdParams,
          body: ZCommissionProposalSchema,
          response: one,
        },
      },
      async (request) => ({ message: 'Proposal sent', data: await commissions.propose({ ...caller(request), id: request.params.id, input: request.body }) }),
    );
    noteStep('/v1/seller/commissions/:id/refuse-changes', 'Refuse changes asked beyond the agreed rounds (the proof stands)', seller, (o) =>
      commissions.refuseChanges(o),
    );
    typed.post(
      '/v1/seller/commissions/:id/step',
      {
        config: seller,
        schema: { tags, security, summary: 'Start production, mark ready, or deliver', params: ZIdParams, body: ZCommissionStepSchema, response: one },
      },
      async (request) => ({
        message: 'ok',
        data: await commissions.sellerStep({ ...caller(request), id: request.params.id, action: request.body.action, note: request.body.note }),
      }),
    );

    typed.get(
      '/v1/admin/commissions',
      {
        config: { access: ['team'] },
        schema: {
          tags,
          security,
          summary: 'Every commission, newest activity first (read only)',
          querystring: ZCommissionListQuerySchema,
          response: { 200: ZCommissionListResponseSchema },
        },
      },
      async (request) => ({ message: 'ok', data: await commissions.reads.list({ status: request.query.status, language: requestLanguage(request) }) }),
    );
    typed.get(
      '/v1/admin/commissions/:id',
      { config: { access: ['team'] }, schema: { tags, security, summary: 'One commission with its history (read only)', params: ZIdParams, response: one } },
      async (request) => ({ message: 'ok', data: await commissions.viewAsTeam(request.params.id, requestLanguage(request)) }),
    );

    // Files: reference images (buyer) and proofs (seller), checked by content and re-encoded.
    await app.register(async (files) => {
      await registerMultipart(files);
      const form = async (request: FastifyRequest) => {
        try {
          return await readMultipartFiles(request, {
            maxFileBytes: UPLOAD_RULES['commission-image'].maxBytes,
            maxFiles: COMMISSION_LIMITS.images,
            fileFields: ['images'],
            fields: ['note'],
          });
        } catch (error) {
          if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE' && !error.field) throw new AppError('COMMISSION_IMAGES_LIMIT', 'images');
          throw error;
        }
      };
      const filesTyped = files.withTypeProvider<ZodTypeProvider>();
      filesTyped.post(
        '/v1/commissions/:id/images',
        {
          config: buyer,
          schema: {
            tags,
            security,
            summary: `Add reference images (field \`images\`, at most ${COMMISSION_LIMITS.images}) while the request is open`,
            consumes: ['multipart/form-data'],
            params: ZIdParams,
            response: one,
          },
        },
        async (request) => {
          const body = await form(request);
          if (body.files.length === 0) throw new AppError('VALIDATION', 'images', undefined, 'REQUIRED');
          return { message: 'Images added', data: await commissions.addReferences({ ...caller(request), id: request.params.id, files: body.files }) };
        },
      );
      filesTyped.post(
        '/v1/seller/commissions/:id/proofs',
        {
          config: seller,
          schema: {
            tags,
            security,
            summary: 'Send a proof: images (field `images`) and a `note`',
            consumes: ['multipart/form-data'],
            params: ZIdParams,
            response: one,
          },
        },
        async (request) => {
          const body = await form(request);
          const note = body.fields.note?.trim();
          if (note && note.length > COMMISSION_LIMITS.note) throw new AppError('VALIDATION', 'note', undefined, 'TOO_LONG');
          return {
            message: 'Proof sent',
            data: await commissions.proof({ ...caller(request), id: request.params.id, note: note || undefined, files: body.files }),
          };
        },
      );
    });
  };
}
