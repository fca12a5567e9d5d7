import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/** Wrong passwords from one address to one account before that address waits. */
export const LOGIN_FAILURES_PER_ADDRESS = 10;
/** How long that address then waits (and the window its failures are counted in). */
export const LOGIN_ADDRESS_PAUSE_MS = 15 * 60_000;
/** Wrong passwords to one account from everywhere before unknown addresses are slowed down. */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
/** The account-wide count forgets failures after a quiet day. */
export const LOGIN_ACCOUNT_WINDOW_MS = 24 * 60 * 60_000;
/** The longest an unknown address waits between two tries once the account is under attack. */
export const LOGIN_MAX_DELAY_MS = 60_000;
/** An address the account logged in from within this time is known. */
export const LOGIN_KNOWN_FOR_MS = 90 * 24 * 60 * 60_000;

const EVERYWHERE = '*';

/**
 * Brute force kept out without handing anyone a way to lock others out (docs/security.md,
 * "Password guessing"):
 *
 * - Failures are counted per account **and client address**. Ten wrong passwords from one address
 *   pause that address, for that account only, for 15 minutes (ACCOUNT_LOCKED); the account keeps
 *   working from everywhere else.
 * - Failures are also counted per account from every address. Past ten in a day, an address the
 *   account never logged in from is **slowed down, not locked**: it must wait 1 s, 2 s, 4 s … (at
 *   most a minute) after the last failure before its next try is even checked (RATE_LIMITED).
 * - Addresses the account logged in from in the last 90 days skip that slowdown: an attacker
 *   guessing from a thousand addresses cannot keep the owner out of his usual places.
 * - A password reset clears every count of the account.
 */
export class LoginThrottle {
  constructor(private readonly deps: { db: Kysely<Database>; key: Uint8Array }) {}

  /** A keyed hash of a client address: the table does not collect who logs in from where. */
  addressKey(address: string): string {
    return createHmac('sha256', this.deps.key).update(`login-address:${address}`).digest('base64url').slice(0, 32);
  }

  /** Throws when this address may not try this account's password now. */
  async assertMayTry(options: { userId: string; addressKey: string; now: number }): Promise<void> {
    const { db } = this.deps;
    const rows = await db
      .selectFrom('login_failures')
      .select(['address_key', 'blocked_until'])
      .where('user_id', '=', options.userId)
      .where('address_key', 'in', [options.addressKey, EVERYWHERE])
      .execute();
    const blocked = (key: string) => rows.some((row) => row.address_key === key && row.blocked_until !== null && Number(row.blocked_until) > options.now);
    if (blocked(options.addressKey)) throw new AppError('ACCOUNT_LOCKED');
    if (blocked(EVERYWHERE) && !(await this.isKnown(options))) throw new AppError('RATE_LIMITED');
  }

  /** Counts a wrong password; answers whether this address is now paused for the account. */
  async recordFailure(options: { userId: string; addressKey: string; now: number }): Promise<{ paused: boolean }> {
    const { now } = options;
    const here = await this.count({ ...options, key: options.addressKey, windowMs: LOGIN_ADDRESS_PAUSE_MS });
    const everywhere = await this.count({ ...options, key: EVERYWHERE, windowMs: LOGIN_ACCOUNT_WINDOW_MS });
    const paused = here >= LOGIN_FAILURES_PER_ADDRESS;
    if (paused) {
      // The count starts again once the pause is over.
      await this.block(options.userId, options.addressKey, now + LOGIN_ADDRESS_PAUSE_MS, 0);
    }
    if (everywhere >= LOGIN_FAILURES_PER_ACCOUNT) {
      const delay = Math.min(LOGIN_MAX_DELAY_MS, 1000 * 2 ** Math.min(everywhere - LOGIN_FAILURES_PER_ACCOUNT, 16));
      await this.block(options.userId, EVERYWHERE, now + delay);
    }
    return { paused };
  }

  /** A right password: this address's count is cleared and the address becomes known. */
  async recordSuccess(options: { userId: string; addressKey: string; now: number }): Promise<void> {
    const { db } = this.deps;
    await db.deleteFrom('login_failures').where('user_id', '=', options.userId).where('address_key', '=', options.addressKey).execute();
    await db
      .insertInto('login_known_addresses')
      .values({ user_id: options.userId, address_key: options.addressKey, last_login_at: options.now })
      .onConflict((oc) => oc.columns(['user_id', 'address_key']).doUpdateSet({ last_login_at: options.now }))
      .execute();
  }

  /**
   * Forgets what no rule reads any more: failure counts quiet for a day (both windows are over) and
   * not pausing anyone, and addresses the account has not logged in from for 90 days. Run hourly
   * (app.ts), so that the table holds the last day's guessing, not every guess ever made.
   */
  async prune(now: number): Promise<{ failures: number; knownAddresses: number }> {
    const { db } = this.deps;
    const failures = await db
      .deleteFrom('login_failures')
      .where('last_failure_at', '<', now - LOGIN_ACCOUNT_WINDOW_MS)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
      .executeTakeFirst();
    const known = await db.deleteFrom('login_known_addresses').where('last_login_at', '<', now - LOGIN_KNOWN_FOR_MS).executeTakeFirst();
    return { failures: Number(failures.numDeletedRows), knownAddresses: Number(known.numDeletedRows) };
  }

  /** After a password reset nothing of the old guesses counts. */
  async clear(options: { userId: string }): Promise<void> {
    await this.deps.db.deleteFrom('login_failures').where('user_id', '=', options.userId).execute();
  }

  private async isKnown(options: { userId: string; addressKey: string; now: number }): Promise<boolean> {
    const row = await this.deps.db
      .selectFrom('login_known_addresses')
      .select('last_login_at')
      .where('user_id', '=', options.userId)
      .where('address_key', '=', options.addressKey)
      .executeTakeFirst();
    return row !== undefined && Number(row.last_login_at) > options.now - LOGIN_KNOWN_FOR_MS;
  }

  /** Adds one failure in the database (guesses sent all at once each count), restarting a stale count. */
  private async count(options: { userId: string; key: string; now: number; windowMs: number }): Promise<number> {
    const row = await this.deps.db
      .insertInto('login_failures')
      .values({ user_id: options.userId, address_key: options.key, failures: 1, last_failure_at: options.now, blocked_until: null })
      .onConflict((oc) =>
        oc.columns(['user_id', 'address_key']).doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('login_failures.last_failure_at', '<', options.now - options.windowMs)
            .then(eb.lit(1))
            .else(eb('login_failures.failures', '+', eb.lit(1)))
            .end(),
          last_failure_at: options.now,
        })),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return Number(row.failures);
  }

  private async block(userId: string, key: string, until: number, failures?: number): Promise<void> {
    await this.deps.db
      .updateTable('login_failures')
      .set({ blocked_until: until, ...(failures === undefined ? {} : { failures }) })
      .where('user_id', '=', userId)
      .where('address_key', '=', key)
      .execute();
  }
}
