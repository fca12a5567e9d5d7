import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  QUOTATION_LIMITS,
  UPLOAD_RULES,
  ZAdminQuotationsResponseSchema,
  ZDirectConversationRequestSchema,
  ZQuotationAcceptResponseSchema,
  ZQuotationAcceptSchema,
  ZQuotationAnswerSchema,
  ZQuotationAttachmentsResponseSchema,
  ZQuotationChatResponseSchema,
  ZQuotationListQuerySchema,
  ZQuotationLocationQuerySchema,
  ZQuotationNoteSchema,
  ZQuotationRequestCreateSchema,
  ZQuotationRequestResponseSchema,
  ZQuotationRequestsResponseSchema,
  ZSellerQuotationResponseSchema,
  ZSellerQuotationsResponseSchema,
  zId,
} from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import { Invalid, NotFound } from '../../lib/errors.js';
import type { ChatModule } from '../chat/index.js';
import { readMultipartFiles, registerMultipart, sendPrivateFile, type UploadsService } from '../uploads/index.js';
import type { QuotationAttachmentLinks } from './quotation-links.js';
import type { QuotationReads } from './quotation-read.js';
import type { QuotationsService } from './quotations.service.js';

const ZIdParams = z.object({ id: zId() });
const ZOk = z.object({ message: z.string() });
const ZLinkQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().min(1).max(100) }).strict();

/** Quotations and requests for quotation (issue #13 §1): the buyer's, the seller portal's and the console's routes. */
export function quotationsRoutes(deps: {
  quotations: QuotationsService;
  reads: QuotationReads;
  links: QuotationAttachmentLinks;
  uploads: UploadsService;
  chat: ChatModule;
}): FastifyPluginAsync {
  const { quotations, reads, links, uploads, chat } = deps;
  return async (app) => {
    await registerMultipart(app);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const security = [{ accessToken: [] }];
    const tags = ['quotations'];
    const buyer = { access: ['buyer'] } as const;
    const seller = { access: ['seller'] } as const;
    const me = (request: FastifyRequest) => request.auth.userId;
    const language = requestLanguage;

    // ------------------------------------------------------------------------------------- files
    typed.post(
      '/v1/quotations/attachments',
      {
        config: { access: ['buyer', 'seller'] },
        schema: {
          tags,
          security,
          summary: 'Upload drawings, specifications or pictures (images or PDF, checked by content); send their ids with a request or an answer',
          response: { 200: ZQuotationAttachmentsResponseSchema },
        },
      },
      async (request) => {
        const form = await readMultipartFiles(request, {
          maxFileBytes: UPLOAD_RULES['quotation-attachment'].maxBytes,
          maxFiles: QUOTATION_LIMITS.attachments,
          fileFields: ['file'],
          fields: [],
        });
        if (form.files.length === 0) throw Invalid('file', 'attach a file');
        const saved = [];
        for (const file of form.files) {
          const upload = await uploads.saveChecked({
            ownerId: me(request),
            purpose: 'quotation-attachment',
            data: file.data,
            originalName: file.filename,
            field: 'file',
            invalidMessage: 'INVALID_FORMAT',
          });
          saved.push({ id: upload.id, name: file.filename ?? 'file', contentType: upload.contentType, size: upload.sizeBytes });
        }
        return { message: 'Uploaded', data: saved };
      },
    );
    typed.get(
      '/v1/quotations/attachments/:id',
      {
        config: { access: ['buyer', 'seller', 'team'], tokenCookie: true },
        schema: { tags, security, summary: 'A quotation file, for the parties of its request and the team', params: ZIdParams },
      },
      async (request, reply) => {
        // The uploader opens his own file; the parties of a request its files.
        const own = await uploads.get({ id: request.params.id, requester: { userId: me(request), userType: request.auth.userType } }).catch(() => undefined);
        const mine = own?.ownerId === me(request) && own.purpose === 'quotation-attachment';
        if (!mine && !(await reads.mayOpenAttachment({ uploadId: request.params.id, userId: me(request), userType: request.auth.userType }))) throw NotFound();
        return serveFile(reply, request.params.id);
      },
    );

    typed.get(
      '/v1/quotations/attachments/:id/link',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'A quotation file through the signed, expiring link of the seller portal’s reads (404 once expired or altered)',
          params: ZIdParams,
          querystring: ZLinkQuery,
        },
      },
      async (request, reply) => {
        if (!links.verify({ id: request.params.id, expires: request.query.expires, signature: request.query.signature })) throw NotFound();
        return serveFile(reply, request.params.id);
      },
    );

    async function serveFile(reply: FastifyReply, id: string) {
      const file = await uploads.open({ id, requester: { userId: '', userType: 'team' } });
      if (file.purpose !== 'quotation-attachment') throw NotFound();
      return sendPrivateFile(reply, file, file.originalName);
    }

    // ------------------------------------------------------------------------------------- buyer
    typed.post(
      '/v1/quotation-requests',
      {
        config: buyer,
        schema: {
          tags,
          security,
          summary: 'Ask one store for a quotation on a product (kind product) or post a request for quotation to every store making such things (kind rfq)',
          description:
            'A product request needs a quantity of at least the product’s MOQ (400 QUOTATION_BELOW_MOQ, field quantity). An RFQ invites the approved stores with published products ' +
            'in the category (and its subcategories), narrowed by materials and certificate schemes when given. The same idempotencyKey answers the first request.',
          body: ZQuotationRequestCreateSchema,
          response: { 200: ZQuotationRequestResponseSchema },
        },
      },
      async (request) => {
        const id = await quotations.create({ buyerId: me(request), input: request.body });
        return { message: 'Request sent', data: await reads.buyerDetail({ buyerId: me(request), requestId: id, language: language(request) }) };
      },
    );
    typed.get(
      '/v1/quotation-requests',
      {
        config: buyer,
        schema: {
          tags,
          security,
          summary: 'The buyer’s requests, newest first, with how many quotations are in each state',
          querystring: ZQuotationListQuerySchema,
          response: { 200: ZQuotationRequestsResponseSchema },
        },
      },
      async (request) => ({
        message: 'Requests',
        data: await reads.buyerList({ buyerId: me(request), language: language(request), limit: request.query.limit }),
      }),
    );
    typed.get(
      '/v1/quotation-requests/:id',
      {
        config: buyer,
        schema: {
          tags,
          security,
          summary:
            'One request with its quotations side by side: price for the quantity, lead time, provenance, certificates, store rating, delivery fee to the location',
          params: ZIdParams,
          querystring: ZQuotationLocationQuerySchema,
          response: { 200: ZQuotationRequestResponseSchema },
        },
      },
      async (request) => ({
        message: 'Request',
        data: await reads.buyerDetail({ buyerId: me(request), requestId: request.params.id, language: language(request), location: request.query }),
      }),
    );
    typed.post(
      '/v1/quotation-requests/:id/withdraw',
      {
        config: buyer,
        schema: {
          tags,
          security,
          summary: 'Withdraw the request; its open quotations are withdrawn and their stores told',
          params: ZIdParams,
          response: { 200: ZQuotationRequestResponseSchema },
        },
      },
      async (request) => {
        await quotations.withdraw({ buyerId: me(request), requestId: request.params.id });
        return {
          message: 'Request withdrawn',
          data: await reads.buyerDetail({ buyerId: me(request), requestId: request.params.id, language: language(request) }),
        };
      },
    );
    typed.post(
      '/v1/quotations/:id/accept',
      {
        config: buyer,
        schema: {
          tags,
          security,
          summary: 'Accept a quotation: a cart line at the quoted price for this buyer alone; the other stores are told and the request closes',
          description:
            'The same idempotencyKey answers the same cart line. 409 QUOTATION_EXPIRED past its validity, QUOTATION_CLOSED once another was accepted or the request withdrawn.',
          params: ZIdParams,
          body: ZQuotationAcceptSchema,
          response: { 200: ZQuotationAcceptResponseSchema },
        },
      },
      async (request) => {
        const { cartLineId } = await quotations.accept({ buyerId: me(request), quotationId: request.params.id, idempotencyKey: request.body.idempotencyKey });
        const detail = await reads.buyerDetail({ buyerId: me(request), requestId: await requestOf(request.params.id), language: language(request) });
        const quotation = detail.quotations.find((q) => q.id === request.params.id);
        if (!quotation) throw NotFound();
        return { message: 'Quotation accepted: added to your cart', data: { quotation, cartLineId } };
      },
    );
    typed.post(
      '/v1/quotations/:id/decline',
      { config: buyer, schema: { tags, security, summary: 'Decline one quotation', params: ZIdParams, body: ZQuotationNoteSchema, response: { 200: ZOk } } },
      async (request) => {
        await quotations.decline({ buyerId: me(request), quotationId: request.params.id, note: request.body.note });
        return { message: 'Quotation declined' };
      },
    );
    typed.post(
      '/v1/quotations/:id/chat',
      {
        config: { access: ['buyer', 'seller'] },
        schema: {
          tags,
          security,
          summary: 'The buyer–store direct conversation about this quotation (found or made)',
          params: ZIdParams,
          response: { 200: ZQuotationChatResponseSchema },
        },
      },
      async (request) => {
        const party = await reads.partiesOf(request.params.id);
        const userId = me(request);
        const store = request.auth.userType === 'seller' ? await quotations.storeOf(userId) : null;
        if (!party || (store ? store.id !== party.storeId : party.buyerId !== userId)) throw NotFound();
        const caller = await chat.users.forAccount({ userId, userType: request.auth.userType });
        const other = store ? party.buyerId : party.storeChatUserId;
        const { conversationId } = await chat.conversations.create({
          me: caller,
          input: ZDirectConversationRequestSchema.parse({ members: [other], isGroup: false }),
        });
        return { message: 'Conversation', data: { conversationId } };
      },
    );

    // ------------------------------------------------------------------------------------ seller
    const storeId = async (request: FastifyRequest) => (await quotations.storeOf(me(request))).id;
    typed.get(
      '/v1/seller/quotations',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'The store’s quotations inbox, newest first',
          querystring: ZQuotationListQuerySchema,
          response: { 200: ZSellerQuotationsResponseSchema },
        },
      },
      async (request) => ({
        message: 'Quotations',
        data: (
          await reads.sellerInbox({ storeId: await storeId(request), language: language(request), limit: request.query.limit, state: request.query.state })
        ).map((pair) => links.forStore(pair)),
      }),
    );
    typed.get(
      '/v1/seller/quotation-requests/open',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Open requests for quotation in the store’s categories it has not answered',
          querystring: ZQuotationListQuerySchema,
          response: { 200: ZSellerQuotationsResponseSchema },
        },
      },
      async (request) => ({
        message: 'Open requests',
        data: (await reads.sellerOpen({ storeId: await storeId(request), language: language(request), limit: request.query.limit })).map((pair) =>
          links.forStore(pair),
        ),
      }),
    );
    typed.get(
      '/v1/seller/quotation-requests/:id',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'One request as the store sees it, with its quotation',
          params: ZIdParams,
          response: { 200: ZSellerQuotationResponseSchema },
        },
      },
      async (request) => ({
        message: 'Request',
        data: links.forStore(await reads.sellerDetail({ storeId: await storeId(request), requestId: request.params.id, language: language(request) })),
      }),
    );
    typed.post(
      '/v1/seller/quotation-requests/:id/answer',
      {
        config: seller,
        schema: {
          tags,
          security,
          summary: 'Answer with a quotation: price per unit and tiers, lead time, validity, terms',
          description:
            '403 QUOTATION_NOT_INVITED for a store neither invited nor selling in an open RFQ’s category; 409 QUOTATION_EXPIRED after the request’s deadline.',
          params: ZIdParams,
          body: ZQuotationAnswerSchema,
          response: { 200: ZSellerQuotationResponseSchema },
        },
      },
      async (request) => {
        await quotations.answer({ sellerId: me(request), requestId: request.params.id, input: request.body });
        return {
          message: 'Quotation sent',
          data: links.forStore(await reads.sellerDetail({ storeId: await storeId(request), requestId: request.params.id, language: language(request) })),
        };
      },
    );
    for (const [action, to] of [
      ['decline', 'declined'],
      ['withdraw', 'withdrawn'],
    ] as const) {
      typed.post(
        `/v1/seller/quotations/:id/${action}`,
        {
          config: seller,
          schema: {
            tags,
            security,
            summary: action === 'decline' ? 'Decline to answer a request' : 'Withdraw the store’s answer',
            params: ZIdParams,
            body: ZQuotationNoteSchema,
            response: { 200: ZOk },
          },
        },
        async (request) => {
          await quotations.sellerAct({ sellerId: me(request), quotationId: request.params.id, to, note: request.body.note });
          return { message: to === 'declined' ? 'Request declined' : 'Quotation withdrawn' };
        },
      );
    }

    // ------------------------------------------------------------------------------------- admin
    typed.get(
      '/v1/admin/quotations',
      {
        config: { access: ['team:owner', 'team:moderator', 'team:support'] },
        schema: {
          tags,
          security,
          summary: 'Overview: newest requests and quotations by state',
          querystring: ZQuotationListQuerySchema,
          response: { 200: ZAdminQuotationsResponseSchema },
        },
      },
      async (request) => ({ message: 'Quotations', data: await reads.adminOverview({ language: language(request), limit: request.query.limit }) }),
    );

    async function requestOf(quotationId: string): Promise<string> {
      const party = await reads.partiesOf(quotationId);
      if (!party) throw NotFound();
      return party.requestId;
    }
  };
}
