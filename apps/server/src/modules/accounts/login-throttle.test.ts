import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { BUYER_LOGIN, createUser, TEAM_LOGIN } from '../../test/accounts.js';

/**
 * Issue #10, point 6: wrong passwords from anywhere must not lock an account for everyone, and
 * guessing must still be kept out. (Per-address rate limits have their own tests.)
 */
const testApp = await createTestApp({ signInRateLimitPerMinute: 1_000_000 });
const { app } = testApp;
// Each test checks a dozen scrypt passwords (32 MiB, ~0.1 s each, far more on a busy CI machine).
const SLOW = { timeout: 120_000 };

const HOME = '198.51.100.7';
const login = (url: string, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url, payload: { email, password }, remoteAddress });
const attacker = (i: number) => `203.0.113.${i}`;

describe.each([
  ['a buyer', BUYER_LOGIN, 'buyer'],
  ['the team owner', TEAM_LOGIN, 'team'],
] as const)('wrong passwords against %s', (_who, url, type) => {
  it('pause only the address they come from: the owner still logs in from elsewhere', SLOW, async () => {
    const user = await createUser(app, { type });
    expect((await login(url, user.email, user.password, HOME)).statusCode).toBe(200);
    const codes = [];
    for (let i = 1; i <= 10; i++) codes.push((await login(url, user.email, `Wrong-pass-${i}`, attacker(1))).json().code);
    expect(codes.slice(0, 9)).toEqual(Array(9).fill('WRONG_PASSWORD'));
    expect(codes[9]).toBe('ACCOUNT_LOCKED');
    // The guessing address cannot go on, not even with the right password.
    const guessed = await login(url, user.email, user.password, attacker(1));
    expect(guessed.statusCode).toBe(429);
    expect(guessed.json().code).toBe('ACCOUNT_LOCKED');
    // The owner, where he usually logs in, is not locked out.
    expect((await login(url, user.email, user.password, HOME)).statusCode).toBe(200);
  });

  it('from many addresses slow unknown addresses down without locking the known ones', SLOW, async () => {
    const user = await createUser(app, { type });
    expect((await login(url, user.email, user.password, HOME)).statusCode).toBe(200);
    for (let i = 1; i <= 10; i++) expect((await login(url, user.email, `Wrong-pass-${i}`, attacker(i))).json().code).toBe('WRONG_PASSWORD');
    // The account is under attack: a new address waits before its try is even checked…
    const slowed = await login(url, user.email, user.password, attacker(11));
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().code).toBe('RATE_LIMITED');
    // …while the owner's usual address goes straight in.
    expect((await login(url, user.email, user.password, HOME)).statusCode).toBe(200);
    // Once the wait is over (1 s after the 10th failure, doubling with each further one, at most a
    // minute), a new address is checked again: the owner on a new network gets in.
    await app.db.kysely.updateTable('login_failures').set({ blocked_until: Date.now() - 1 }).where('user_id', '=', user.userId).where('address_key', '=', '*').execute();
    expect((await login(url, user.email, user.password, attacker(12))).statusCode).toBe(200);
  });
});

describe('a password reset', () => {
  it('clears every count of the account', SLOW, async () => {
    const user = await createUser(app);
    for (let i = 1; i <= 10; i++) await login(BUYER_LOGIN, user.email, `Wrong-pass-${i}`, attacker(50));
    expect((await login(BUYER_LOGIN, user.email, user.password, attacker(50))).json().code).toBe('ACCOUNT_LOCKED');
    await app.services.credentials.requestPasswordReset({ email: user.email, resetPath: '/reset-password' });
    const [mail] = await app.services.notifications.mailbox({ recipient: user.email, template: 'password-reset', limit: 1 });
    const token = new URL(/https?:\/\/\S+/.exec(mail?.body ?? '')?.[0] as string).searchParams.get('token') as string;
    const password = 'Brand-new-pass-9';
    expect((await app.inject({ method: 'POST', url: '/v1/password/reset', payload: { token, password, confirmPassword: password } })).statusCode).toBe(200);
    expect((await login(BUYER_LOGIN, user.email, password, attacker(50))).statusCode).toBe(200);
  });
});

describe('old login records', () => {
  it('are pruned when the server starts (and hourly): stale counts and long-unused addresses go, a pause in force stays', SLOW, async () => {
    const user = await createUser(app);
    expect((await login(BUYER_LOGIN, user.email, user.password, HOME)).statusCode).toBe(200);
    for (let i = 1; i <= 10; i++) await login(BUYER_LOGIN, user.email, `Wrong-pass-${i}`, attacker(60));
    const now = Date.now();
    const day = 24 * 60 * 60_000;
    const db = app.db.kysely;
    await db
      .insertInto('login_failures')
      .values([
        { user_id: user.userId, address_key: 'quiet-for-a-day', failures: 3, last_failure_at: now - day - 60_000, blocked_until: null },
        { user_id: user.userId, address_key: 'old-but-paused', failures: 0, last_failure_at: now - day - 60_000, blocked_until: now + 10 * 60_000 },
      ])
      .execute();
    await db
      .insertInto('login_known_addresses')
      .values([{ user_id: user.userId, address_key: 'unused-91-days', last_login_at: now - 91 * day }])
      .execute();

    // Another instance starts on the same database.
    await createTestApp({ signInRateLimitPerMinute: 1_000_000 }, { shareWith: testApp });

    const failures = await db.selectFrom('login_failures').select('address_key').where('user_id', '=', user.userId).execute();
    expect(failures.map((r) => r.address_key).sort()).toEqual(['*', app.services.credentials.addressKeyOf(attacker(60)), 'old-but-paused'].sort());
    const known = await db.selectFrom('login_known_addresses').select('address_key').where('user_id', '=', user.userId).execute();
    expect(known.map((r) => r.address_key)).toEqual([app.services.credentials.addressKeyOf(HOME)]);
    // The guessing address is still paused; the owner still logs in from home.
    expect((await login(BUYER_LOGIN, user.email, user.password, attacker(60))).json().code).toBe('ACCOUNT_LOCKED');
    expect((await login(BUYER_LOGIN, user.email, user.password, HOME)).statusCode).toBe(200);
  });
});
