import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createBuyer } from '../../test/roles.js';

// Someone who holds the signing key (JWT_SECRET, or the key row of a database backup) can sign any
// claims; the session row, not the token, must decide who the caller is.
const { app } = await createTestApp();

describe("a token whose claims disagree with its session's row", () => {
  it('cannot turn a buyer session into a team session', async () => {
    const buyer = await createBuyer(app);
    const session = await app.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', buyer.userId).executeTakeFirstOrThrow();
    const { token: forged } = await app.services.tokens.sign({ userId: buyer.userId, userType: 'team', sessionId: session.id });
    const answer = await app.inject({ method: 'GET', url: '/v1/admin/team', headers: { authorization: forged } });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('TOKEN_INVALID');
    // The buyer's own token still works for what a buyer may do.
    expect((await app.inject({ method: 'GET', url: '/v1/customer/profile', headers: { authorization: buyer.token } })).statusCode).toBe(200);
  });

  it('cannot be refreshed into a token of another user type', async () => {
    const buyer = await createBuyer(app);
    const opened = await app.services.auth.openSession({ userId: buyer.userId, userType: 'buyer', device: { test: true }, ipAddress: '127.0.0.1' });
    const { token: forged } = await app.services.tokens.sign({ userId: buyer.userId, userType: 'team', sessionId: opened.sessionId }, Date.now() - 3_600_000);
    const answer = await app.inject({ method: 'POST', url: '/v1/generateToken', payload: { refToken: opened.tokens.refreshToken, accessToken: forged } });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('REFRESH_TOKEN_INVALID');
  });
});
