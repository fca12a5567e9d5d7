import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCompanyApplicationSchema,
  ZLoginRequestSchema,
  ZMessageResponseSchema,
  ZReviewDecisionSchema,
  ZReviewQueueQuerySchema,
  ZSessionResponseSchema,
  ZStoreSchema,
  ZTeamInviteRequestSchema,
  ZTeamMemberSchema,
  ZTeamRoleUpdateSchema,
  zId,
} from '@tessera/contracts';
import { type AccountsService, type CompaniesService, type CredentialsService, openSessionResponse } from '../accounts/index.js';
import type { AuthService } from '../auth/index.js';
import type { SellersService } from '../sellers/index.js';
import type { TeamService } from './team.service.js';

const ZIdParamsSchema = z.object({ id: zId() });
const page = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: z.object({ items: z.array(item), nextCursor: z.string().nullable() }) });
const ZSellerApplicationSchema = ZStoreSchema.extend({ seller: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }) });

/** The admin console's API: team login, the approval queues and the team itself. */
export function adminRoutes(deps: {
  auth: AuthService;
  accounts: AccountsService;
  credentials: CredentialsService;
  companies: CompaniesService;
  sellers: SellersService;
  team: TeamService;
}): FastifyPluginAsync {
  const { auth, accounts, credentials, companies, sellers, team } = deps;
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const anyMember = { access: ['team'] } as const;
    const reviewers = { access: ['team:owner', 'team:moderator'] } as const;
    const owners = { access: ['team:owner'] } as const;

    typed.post(
      '/v1/admin/login',
      {
        config: { access: 'public', rateLimit: app.signInRateLimit },
        schema: { tags: ['admin'], summary: 'Log in to the admin console (store team)', body: ZLoginRequestSchema, response: { 200: ZSessionResponseSchema } },
      },
      async (request) => {
        const user = await credentials.checkLogin({ input: request.body, allowed: ['team'], address: request.ip });
        return openSessionResponse({ request, auth, accounts, userId: user.id, userType: 'team', message: 'Logged in' });
      },
    );

    typed.get(
      '/v1/admin/companies',
      { config: anyMember, schema: { tags: ['admin'], summary: 'Retailer and distributor applications, newest first', querystring: ZReviewQueueQuerySchema, response: { 200: page(ZCompanyApplicationSchema) } } },
      async (request) => ({ message: 'ok', data: await companies.list(request.query) }),
    );

    typed.post(
      '/v1/admin/companies/:id/review',
      { config: reviewers, schema: { tags: ['admin'], summary: 'Approve or reject (with a reason) a pending company', params: ZIdParamsSchema, body: ZReviewDecisionSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await companies.review({ companyId: request.params.id, reviewerId: request.auth.userId, decision: request.body });
        return { message: request.body.decision === 'approve' ? 'Company approved' : 'Company rejected' };
      },
    );

    typed.get(
      '/v1/admin/sellers',
      { config: anyMember, schema: { tags: ['admin'], summary: 'Seller applications (stores), newest first', querystring: ZReviewQueueQuerySchema, response: { 200: page(ZSellerApplicationSchema) } } },
      async (request) => ({ message: 'ok', data: await sellers.list(request.query) }),
    );

    typed.post(
      '/v1/admin/sellers/:id/review',
      { config: reviewers, schema: { tags: ['admin'], summary: 'Approve or reject (with a reason) a pending store', params: ZIdParamsSchema, body: ZReviewDecisionSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await sellers.review({ storeId: request.params.id, reviewerId: request.auth.userId, decision: request.body });
        return { message: request.body.decision === 'approve' ? 'Store approved' : 'Store rejected' };
      },
    );

    typed.get(
      '/v1/admin/team',
      { config: anyMember, schema: { tags: ['admin'], summary: 'Store team members', response: { 200: z.object({ message: z.string(), data: z.array(ZTeamMemberSchema) }) } } },
      async () => ({ message: 'ok', data: await team.list() }),
    );

    typed.post(
      '/v1/admin/team',
      { config: owners, schema: { tags: ['admin'], summary: 'Invite a member; they set a password from the e-mailed link', body: ZTeamInviteRequestSchema, response: { 200: z.object({ message: z.string(), data: ZTeamMemberSchema }) } } },
      async (request) => ({ message: 'Invitation sent', data: await team.invite(request.body) }),
    );

    typed.patch(
      '/v1/admin/team/:id',
      { config: owners, schema: { tags: ['admin'], summary: 'Change a member’s role', params: ZIdParamsSchema, body: ZTeamRoleUpdateSchema, response: { 200: z.object({ message: z.string(), data: ZTeamMemberSchema }) } } },
      async (request) => ({ message: 'Role changed', data: await team.changeRole({ memberId: request.params.id, teamRole: request.body.teamRole }) }),
    );

    typed.delete(
      '/v1/admin/team/:id',
      { config: owners, schema: { tags: ['admin'], summary: 'Remove a member', params: ZIdParamsSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await team.remove({ memberId: request.params.id });
        return { message: 'Member removed' };
      },
    );
  };
}
