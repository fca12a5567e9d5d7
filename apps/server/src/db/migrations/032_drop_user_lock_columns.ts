import type { Kysely, Migration } from 'kysely';

/**
 * `users.failed_logins` and `users.locked_until` were the first lockout (ten wrong passwords locked
 * the account for everyone, issue #10 point 6). Failures are counted per account and address in
 * `login_failures` now (modules/accounts/login-throttle.ts) and nothing reads these columns: dropped,
 * so that nobody takes them for the rule.
 */
export const dropUserLockColumns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('failed_logins').execute();
    await db.schema.alterTable('users').dropColumn('locked_until').execute();
  },
};
