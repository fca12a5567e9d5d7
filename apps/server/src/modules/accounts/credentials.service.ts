import { createHmac, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Language, TLoginRequest, UserType } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { hashSecret, newId, newSecret, safeEqual } from '../../lib/ids.js';
import type { UserRow } from './accounts.repository.js';
import { LoginThrottle } from './login-throttle.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';

/** The part of the notification service that accounts use. */
export interface Notifier {
  send(options: {
    channel: 'email' | 'sms' | 'push';
    to: string;
    userId?: string;
    language: Language;
    template: string;
    params: Record<string, string | number>;
  }): Promise<unknown>;
}

/** The part of the auth service that ends sessions. */
export interface SessionRevoker {
  revokeAllSessions(options: { userId: string; reason: string }): Promise<void>;
}

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_RESEND_AFTER_MS = 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_MAX_SENDS_PER_HOUR = 5;
export const RESET_TTL_MS = 30 * 60_000;
export const RESET_MAX_PER_HOUR = 3;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * Passwords, one-time codes and reset links. Every secret is stored hashed and expires; guesses
 * are counted: wrong passwords per account and address (LoginThrottle: ten pause that address,
 * many from everywhere slow unknown addresses down), five wrong codes burn the code. Nothing here
 * logs a password, a code or a link.
 */
export class CredentialsService {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly deps: { db: Kysely<Database>; notifier: Notifier; sessions: SessionRevoker; codeKey: Uint8Array; publicUrl: string },
  ) {
    this.throttle = new LoginThrottle({ db: deps.db, key: deps.codeKey });
  }

  /** The keyed hash a client address is stored under (login_failures, login_known_addresses). */
  addressKeyOf(address: string): string {
    return this.throttle.addressKey(address);
  }

  /** Drops login failure counts and known addresses that no rule reads any more (LoginThrottle.prune). */
  pruneLoginRecords(now = Date.now()): Promise<{ failures: number; knownAddresses: number }> {
    return this.throttle.prune(now);
  }

  /**
   * Checks a login. Answers with the seed's messages for an unknown e-mail or number, and
   * 'account could not be recognised' for an account of another kind (a seller at the buyer login).
   */
  async checkLogin(options: { input: TLoginRequest; allowed: readonly UserType[]; /** The client's address (request.ip). */ address: string }): Promise<UserRow> {
    const { input } = options;
    const db = this.deps.db;
    // The schema guarantees an e-mail, or both halves of a mobile number.
    const byEmail = input.email !== undefined;
    const user = byEmail
      ? await db.selectFrom('users').selectAll().where('email', '=', input.email as string).executeTakeFirst()
      : await db.selectFrom('users').selectAll().where('country_code', '=', input.countryCode as string).where('phone', '=', input.phone as string).executeTakeFirst();
    if (!user) {
      await burnPasswordCheck(input.password);
      throw new AppError(byEmail ? 'EMAIL_NOT_REGISTERED' : 'MOBILE_NOT_REGISTERED', byEmail ? 'email' : 'phone');
    }
    const now = Date.now();
    const attempt = { userId: user.id, addressKey: this.throttle.addressKey(options.address), now };
    try {
      await this.throttle.assertMayTry(attempt);
    } catch (error) {
      await burnPasswordCheck(input.password);
      throw error;
    }
    if (!user.password_hash || !options.allowed.includes(user.type as UserType)) {
      await burnPasswordCheck(input.password);
      throw new AppError('ACCOUNT_NOT_RECOGNISED');
    }
    if (!(await verifyPassword(input.password, user.password_hash))) {
      const { paused } = await this.throttle.recordFailure({ ...attempt, now: Date.now() });
      throw new AppError(paused ? 'ACCOUNT_LOCKED' : 'WRONG_PASSWORD', 'password');
    }
    // Guesses that paused this address while the password was being checked still hold.
    await this.throttle.assertMayTry({ ...attempt, now: Date.now() });
    await this.throttle.recordSuccess(attempt);
    await db.updateTable('users').set({ last_login_at: now }).where('id', '=', user.id).execute();
    return user;
  }

  /** Sends a 6-digit code by SMS to the account's mobile number, at most once a minute. */
  async sendMobileCode(options: { userId: string }): Promise<{ resendAfterSeconds: number; expiresInSeconds: number; sentTo: string }> {
    const db = this.deps.db;
    const user = await db.selectFrom('users').selectAll().where('id', '=', options.userId).executeTakeFirst();
    if (!user?.phone || !user.country_code) throw new AppError('VALIDATION', 'phone');
    const now = Date.now();
    const recent = await db
      .selectFrom('verification_codes')
      .select(['created_at'])
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'mobile')
      .where('created_at', '>', now - 3_600_000)
      .orderBy('created_at', 'desc')
      .execute();
    const last = recent[0]?.created_at;
    if ((last !== undefined && now - last < CODE_RESEND_AFTER_MS) || recent.length >= CODE_MAX_SENDS_PER_HOUR) {
      throw new AppError('RESEND_TOO_SOON');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const target = `${user.country_code}${user.phone}`;
    await db.transaction().execute(async (trx) => {
      // A new code replaces the old one.
      await trx.updateTable('verification_codes').set({ consumed_at: now }).where('user_id', '=', user.id).where('purpose', '=', 'mobile').where('consumed_at', 'is', null).execute();
      await trx
        .insertInto('verification_codes')
        .values({ id: newId(), user_id: user.id, purpose: 'mobile', target, code_hash: this.hashCode(user.id, code), attempts: 0, created_at: now, expires_at: now + CODE_TTL_MS, consumed_at: null })
        .execute();
    });
    await this.deps.notifier.send({
      channel: 'sms',
      to: target,
      userId: user.id,
      language: user.language as Language,
      template: 'mobile-verification-code',
      params: { code, minutes: CODE_TTL_MS / 60_000 },
    });
    return { resendAfterSeconds: CODE_RESEND_AFTER_MS / 1000, expiresInSeconds: CODE_TTL_MS / 1000, sentTo: maskPhone(target) };
  }

  async verifyMobileCode(options: { userId: string; code: string }): Promise<void> {
    const db = this.deps.db;
    const now = Date.now();
    const current = await db
      .selectFrom('verification_codes')
      .selectAll()
      .where('user_id', '=', options.userId)
      .where('purpose', '=', 'mobile')
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!current || current.expires_at <= now || current.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_EXPIRED', 'code');
    // A code proves the number it was sent to: once the profile has another number, it proves nothing.
    const user = await db.selectFrom('users').select(['country_code', 'phone']).where('id', '=', options.userId).executeTakeFirst();
    if (!user?.phone || !user.country_code || current.target !== `${user.country_code}${user.phone}`) throw new AppError('CODE_EXPIRED', 'code');
    // Every guess takes one of the allowed attempts before it is compared, with a guarded increment:
    // guesses sent all at once cannot all read the same count and exceed the allowance.
    const taken = await db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', current.id)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .where('consumed_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    if (!taken) throw new AppError('CODE_EXPIRED', 'code');
    if (!safeEqual(current.code_hash, this.hashCode(options.userId, options.code))) {
      throw new AppError(Number(taken.attempts) >= CODE_MAX_ATTEMPTS ? 'CODE_EXPIRED' : 'CODE_INVALID', 'code');
    }
    const used = await db.updateTable('verification_codes').set({ consumed_at: now }).where('id', '=', current.id).where('consumed_at', 'is', null).executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw new AppError('CODE_EXPIRED', 'code');
    // Guarded too: a number changed while the code was being checked stays unverified.
    await db
      .updateTable('users')
      .set({ phone_verified_at: now, updated_at: now })
      .where('id', '=', options.userId)
      .where('country_code', '=', user.country_code)
      .where('phone', '=', user.phone)
      .execute();
  }

  /**
   * Sends a single-use reset link when the e-mail belongs to an account. The answer is the same
   * either way, and so is the work done, so the endpoint tells nobody whether an e-mail exists.
   */
  async requestPasswordReset(options: { email: string; resetPath: string; invitation?: boolean }): Promise<void> {
    const db = this.deps.db;
    const now = Date.now();
    const user = await db.selectFrom('users').selectAll().where('email', '=', options.email).where('type', '!=', 'guest').executeTakeFirst();
    if (!user) return;
    const recent = await db
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('created_at', '>', now - 3_600_000)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= RESET_MAX_PER_HOUR) return;
    const token = newSecret();
    // An invitation to the store team is a first "reset": it sets the password, and waits longer.
    const ttl = options.invitation ? INVITATION_TTL_MS : RESET_TTL_MS;
    await db.insertInto('password_resets').values({ token_hash: hashSecret(token), user_id: user.id, created_at: now, expires_at: now + ttl, used_at: null }).execute();
    await this.deps.notifier.send({
      channel: 'email',
      to: user.email ?? options.email,
      userId: user.id,
      language: user.language as Language,
      template: options.invitation ? 'team-invitation' : 'password-reset',
      params: { link: `${this.deps.publicUrl}${options.resetPath}?token=${encodeURIComponent(token)}`, minutes: ttl / 60_000 },
    });
  }

  /** Sets a new password from a reset link; the link works once, and every session ends. */
  async resetPassword(options: { token: string; password: string }): Promise<void> {
    const db = this.deps.db;
    const now = Date.now();
    const tokenHash = hashSecret(options.token);
    // Hashed before the transaction: on SQLite the transaction holds the only connection.
    const passwordHash = await hashPassword(options.password);
    const userId = await db.transaction().execute(async (trx) => {
      const reset = await trx.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      if (!reset || reset.used_at !== null || reset.expires_at <= now) return undefined;
      const used = await trx.updateTable('password_resets').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return undefined;
      // The new password ends every other link of the account too: none of them may set it again.
      await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', reset.user_id).where('used_at', 'is', null).execute();
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', reset.user_id)
        .execute();
      return reset.user_id;
    });
    if (!userId) throw new AppError('RESET_LINK_INVALID', 'token');
    await this.throttle.clear({ userId });
    await this.deps.sessions.revokeAllSessions({ userId, reason: 'password reset' });
  }

  /** Codes are six digits, so their hash is keyed: a copy of the table alone cannot be brute-forced. */
  private hashCode(userId: string, code: string): string {
    return createHmac('sha256', this.deps.codeKey).update(`${userId}:${code}`).digest('base64url');
  }
}

export function maskPhone(phone: string): string {
  return phone.length <= 4 ? '****' : `${phone.slice(0, 3)}${'*'.repeat(Math.max(phone.length - 5, 1))}${phone.slice(-2)}`;
}
