import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createBuyer, createTeamMember, signUpSeller, TEST_PASSWORD, uniqueEmail } from '../../test/roles.js';
import { createTestApp } from '../../test/app.js';

// Sign-in rate limits have their own tests; here every login must go through.
const { app } = await createTestApp({ signInRateLimitPerMinute: 1_000_000 });

const owner = await createTeamMember(app, 'owner');
const moderator = await createTeamMember(app, 'moderator');
const support = await createTeamMember(app, 'support');

const auth = (token: string) => ({ authorization: token });
const adminLogin = (target: FastifyInstance, email: string, password = TEST_PASSWORD) =>
  target.inject({ method: 'POST', url: '/v1/admin/login', payload: { email, password } });
const invite = (target: FastifyInstance, token: string, payload: object) => target.inject({ method: 'POST', url: '/v1/admin/team', headers: auth(token), payload });
const changeRole = (target: FastifyInstance, token: string, id: string, teamRole: string) =>
  target.inject({ method: 'PATCH', url: `/v1/admin/team/${id}`, headers: auth(token), payload: { teamRole } });
const removeMember = (target: FastifyInstance, token: string, id: string) => target.inject({ method: 'DELETE', url: `/v1/admin/team/${id}`, headers: auth(token) });
const listTeam = (target: FastifyInstance, token: string) => target.inject({ method: 'GET', url: '/v1/admin/team', headers: auth(token) });
const newMember = (overrides: Record<string, unknown> = {}) => ({ firstName: 'Nadia', lastName: 'Rahman', email: uniqueEmail('invitee'), teamRole: 'moderator', ...overrides });

const countOwners = async (target: FastifyInstance) =>
  (await target.db.kysely.selectFrom('users').select('id').where('type', '=', 'team').where('team_role', '=', 'owner').execute()).length;

/** The token of the set-password link in the newest invitation e-mail to an address. */
async function invitationToken(target: FastifyInstance, email: string): Promise<string> {
  const [mail] = await target.services.notifications.mailbox({ recipient: email, template: 'team-invitation', limit: 1 });
  const link = /https?:\/\/\S+\/admin\/set-password\?token=\S+/.exec(mail?.body ?? '')?.[0];
  if (!link) throw new Error(`no invitation link e-mailed to ${email}`);
  return new URL(link).searchParams.get('token') as string;
}

describe('POST /v1/admin/login', () => {
  it('logs a team member in with a team token and their role', async () => {
    const response = await adminLogin(app, owner.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.token.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.user).toMatchObject({ id: owner.userId, userType: 'team', teamRole: 'owner', email: owner.email });
    expect((await listTeam(app, data.token.accessToken)).statusCode).toBe(200);
  });

  it("refuses buyers and sellers with 'account could not be recognised', and a wrong password", async () => {
    const buyer = await createBuyer(app);
    const seller = await signUpSeller(app);
    for (const email of [buyer.email, seller.email]) {
      const response = await adminLogin(app, email);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'ACCOUNT_NOT_RECOGNISED', message: 'account could not be recognised, sign up with a new account' });
    }
    expect((await adminLogin(app, support.email, 'Wrong passw0rd')).json().code).toBe('WRONG_PASSWORD');
    expect((await adminLogin(app, uniqueEmail('nobody'))).json().code).toBe('EMAIL_NOT_REGISTERED');
  });
});

describe('inviting a member', () => {
  it('e-mails a set-password link; the invitee sets a password with it and logs in', async () => {
    const payload = newMember({ teamRole: 'moderator' });
    const invited = await invite(app, owner.token, payload);
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({
      message: 'Invitation sent',
      data: { firstName: 'Nadia', lastName: 'Rahman', email: payload.email, teamRole: 'moderator', active: false, lastLoginAt: null },
    });
    const memberId = invited.json().data.id as string;
    expect((await listTeam(app, owner.token)).json().data).toContainEqual(expect.objectContaining({ id: memberId, active: false }));

    const [mail] = await app.services.notifications.mailbox({ recipient: payload.email, template: 'team-invitation', limit: 1 });
    expect(mail).toMatchObject({ channel: 'email', userId: memberId, status: 'outbox', subject: 'You are invited to the Tessera store team' });
    expect(mail?.body).toContain('valid for 7 days');
    expect(mail?.html).toContain('/admin/set-password?token=');

    // No password yet: the account cannot log in.
    expect((await adminLogin(app, payload.email)).json().code).toBe('ACCOUNT_NOT_RECOGNISED');

    const token = await invitationToken(app, payload.email);
    const password = 'Chosen passw0rd';
    const set = await app.inject({ method: 'POST', url: '/v1/password/reset', payload: { token, password, confirmPassword: password } });
    expect(set.statusCode).toBe(200);
    const login = await adminLogin(app, payload.email, password);
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ id: memberId, userType: 'team', teamRole: 'moderator' });
    expect((await listTeam(app, owner.token)).json().data).toContainEqual(expect.objectContaining({ id: memberId, active: true, lastLoginAt: expect.any(Number) }));

    // The link works once.
    const again = await app.inject({ method: 'POST', url: '/v1/password/reset', payload: { token, password: 'Another passw0rd', confirmPassword: 'Another passw0rd' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_LINK_INVALID');
  });

  it('refuses an e-mail that already has an account, and a malformed invitation', async () => {
    const buyer = await createBuyer(app);
    const taken = await invite(app, owner.token, newMember({ email: buyer.email }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    expect((await invite(app, owner.token, newMember({ teamRole: 'admin' }))).statusCode).toBe(400);
    const twice = newMember();
    const answers = await Promise.all([invite(app, owner.token, twice), invite(app, owner.token, twice)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const badEmail = await invite(app, owner.token, newMember({ email: 'not-an-email' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ field: 'email', message: 'Enter Valid Email' });
  });
});

describe('only owners manage the team', () => {
  it('answers 403 to a moderator or a support member who invites, changes a role or removes', async () => {
    const target = await createTeamMember(app, 'support');
    for (const actor of [moderator, support]) {
      const attempts = [
        await invite(app, actor.token, newMember()),
        await changeRole(app, actor.token, target.userId, 'owner'),
        await changeRole(app, actor.token, actor.userId, 'owner'),
        await removeMember(app, actor.token, target.userId),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
      }
      // Every member may see the team.
      expect((await listTeam(app, actor.token)).statusCode).toBe(200);
    }
    const members = (await listTeam(app, owner.token)).json().data;
    expect(members).toContainEqual(expect.objectContaining({ id: target.userId, teamRole: 'support' }));
    expect(members).toContainEqual(expect.objectContaining({ id: moderator.userId, teamRole: 'moderator' }));
  });

  it('answers 403 to buyers and sellers, 401 without a token', async () => {
    const buyer = await createBuyer(app, 'distributor');
    const seller = await signUpSeller(app);
    for (const token of [buyer.token, seller.token]) {
      expect((await listTeam(app, token)).statusCode).toBe(403);
      expect((await invite(app, token, newMember())).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/v1/admin/team' })).statusCode).toBe(401);
  });
});

describe('changing a role', () => {
  it('takes effect on the member’s next request, without a new token', async () => {
    const member = await createTeamMember(app, 'moderator');
    const seller = await signUpSeller(app);
    const storeId = (await app.inject({ method: 'GET', url: '/v1/seller/store', headers: auth(seller.token) })).json().data.id as string;
    const reviewStore = () => app.inject({ method: 'POST', url: `/v1/admin/sellers/${storeId}/review`, headers: auth(member.token), payload: { decision: 'reject', reason: 'Not yet.' } });

    const demoted = await changeRole(app, owner.token, member.userId, 'support');
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ message: 'Role changed', data: { id: member.userId, teamRole: 'support' } });
    expect((await reviewStore()).statusCode).toBe(403);

    expect((await changeRole(app, owner.token, member.userId, 'owner')).json().data.teamRole).toBe('owner');
    expect((await invite(app, member.token, newMember())).statusCode).toBe(200);
    expect((await reviewStore()).statusCode).toBe(200);
  });

  it('answers 404 for an unknown member and for an account that is not on the team', async () => {
    const buyer = await createBuyer(app);
    expect((await changeRole(app, owner.token, '0190aaaa-0000-7000-8000-000000000000', 'support')).statusCode).toBe(404);
    expect((await changeRole(app, owner.token, buyer.userId, 'owner')).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/v1/customer/profile', headers: auth(buyer.token) })).json().data).toMatchObject({ userType: 'buyer', teamRole: null });
    expect((await changeRole(app, owner.token, support.userId, 'admin')).statusCode).toBe(400);
  });
});

describe('removing a member', () => {
  it('ends their sessions at once: their token gets 401 and they cannot log in', async () => {
    const member = await createTeamMember(app, 'moderator');
    const seller = await signUpSeller(app);
    const storeId = (await app.inject({ method: 'GET', url: '/v1/seller/store', headers: auth(seller.token) })).json().data.id as string;
    // A member who reviewed a store can still be removed; the review stays.
    expect((await app.inject({ method: 'POST', url: `/v1/admin/sellers/${storeId}/review`, headers: auth(member.token), payload: { decision: 'approve' } })).statusCode).toBe(200);

    const removed = await removeMember(app, owner.token, member.userId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Member removed' });
    const refused = await listTeam(app, member.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('SESSION_REVOKED');
    expect((await adminLogin(app, member.email)).statusCode).not.toBe(200);
    expect((await listTeam(app, owner.token)).json().data.map((m: { id: string }) => m.id)).not.toContain(member.userId);
    expect((await app.inject({ method: 'GET', url: '/v1/seller/store', headers: auth(seller.token) })).json().data.status).toBe('approved');
  });

  it('answers 404 for an unknown member and never removes an account that is not on the team', async () => {
    const buyer = await createBuyer(app);
    expect((await removeMember(app, owner.token, '0190aaaa-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await removeMember(app, owner.token, buyer.userId)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/v1/customer/profile', headers: auth(buyer.token) })).statusCode).toBe(200);
  });
});

// Teams of their own for the last-owner tests, so that the owners are exactly the ones made there.
const soloApps = await Promise.all([1, 2, 3, 4].map(() => createTestApp({ signInRateLimitPerMinute: 1_000_000 })));

describe('the last owner', () => {
  let next = 0;
  const setup = async () => {
    const solo = (soloApps[next++] as (typeof soloApps)[number]).app;
    return { solo, first: await createTeamMember(solo, 'owner') };
  };

  it('cannot be demoted or removed (409 LAST_OWNER); with a second owner, either can go', async () => {
    const { solo, first } = await setup();
    for (const teamRole of ['moderator', 'support']) {
      const refused = await changeRole(solo, first.token, first.userId, teamRole);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'LAST_OWNER', message: 'The store team needs at least one owner.' });
    }
    expect((await removeMember(solo, first.token, first.userId)).json().code).toBe('LAST_OWNER');
    expect((await changeRole(solo, first.token, first.userId, 'owner')).statusCode).toBe(200);

    const second = await createTeamMember(solo, 'owner');
    expect((await changeRole(solo, second.token, first.userId, 'moderator')).statusCode).toBe(200);
    // `second` is now the only owner.
    expect((await changeRole(solo, second.token, second.userId, 'support')).json().code).toBe('LAST_OWNER');
    expect((await removeMember(solo, second.token, second.userId)).json().code).toBe('LAST_OWNER');
    const owners = (await listTeam(solo, second.token)).json().data.filter((m: { teamRole: string }) => m.teamRole === 'owner');
    expect(owners.map((m: { id: string }) => m.id)).toEqual([second.userId]);

    // An owner may leave while another owner stays.
    expect((await changeRole(solo, second.token, first.userId, 'owner')).statusCode).toBe(200);
    expect((await removeMember(solo, second.token, second.userId)).statusCode).toBe(200);
    expect((await listTeam(solo, second.token)).statusCode).toBe(401);
  });

  it('counts only active owners: a pending owner invitation does not let the only active owner step down', async () => {
    const { solo, first } = await setup();
    const invited = await invite(solo, first.token, newMember({ teamRole: 'owner' }));
    expect(invited.json().data).toMatchObject({ teamRole: 'owner', active: false });
    const demoted = await changeRole(solo, first.token, first.userId, 'support');
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().code).toBe('LAST_OWNER');
    expect((await removeMember(solo, first.token, first.userId)).json().code).toBe('LAST_OWNER');
    // Once the invited owner has set a password, there are two owners and the first may step down.
    const token = await invitationToken(solo, invited.json().data.email);
    const password = 'Chosen passw0rd';
    expect((await solo.inject({ method: 'POST', url: '/v1/password/reset', payload: { token, password, confirmPassword: password } })).statusCode).toBe(200);
    expect((await changeRole(solo, first.token, first.userId, 'support')).statusCode).toBe(200);
  });

  it('stays when two owners demote each other at the same moment', async () => {
    const { solo, first } = await setup();
    const second = await createTeamMember(solo, 'owner');
    const answers = await Promise.all([changeRole(solo, first.token, second.userId, 'moderator'), changeRole(solo, second.token, first.userId, 'moderator')]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // The loser is refused either as a caller who is no longer an owner (403) or as the demoter of the last one (409).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect(await countOwners(solo)).toBe(1);

    // Past the access check (both callers were owners when their requests arrived), the service decides alone.
    const third = await createTeamMember(solo, 'owner');
    const remaining = (await solo.db.kysely.selectFrom('users').select('id').where('team_role', '=', 'owner').where('id', '!=', third.userId).executeTakeFirstOrThrow()).id;
    const outcomes = await Promise.allSettled([
      solo.services.team.changeRole({ memberId: remaining, teamRole: 'support' }),
      solo.services.team.changeRole({ memberId: third.userId, teamRole: 'support' }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'LAST_OWNER' });
    expect(await countOwners(solo)).toBe(1);
  });

  it('stays when two owners remove each other at the same moment', async () => {
    const { solo, first } = await setup();
    const second = await createTeamMember(solo, 'owner');
    const answers = await Promise.all([removeMember(solo, first.token, second.userId), removeMember(solo, second.token, first.userId)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // One removal wins; the other is refused: its caller was just removed (401 once the session is
    // gone, 403 if it went between the token check and the role check), or its target is now the
    // last owner (409).
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    expect(await countOwners(solo)).toBe(1);

    const third = await createTeamMember(solo, 'owner');
    const remaining = (await solo.db.kysely.selectFrom('users').select('id').where('team_role', '=', 'owner').where('id', '!=', third.userId).executeTakeFirstOrThrow()).id;
    const outcomes = await Promise.allSettled([solo.services.team.remove({ memberId: remaining }), solo.services.team.remove({ memberId: third.userId })]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'LAST_OWNER' });
    expect(await countOwners(solo)).toBe(1);
  });
});
