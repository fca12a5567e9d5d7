import type { Kysely, Transaction } from 'kysely';
import type { TeamRole, TTeamMember } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { AccountsService, CredentialsService } from '../accounts/index.js';
import type { AuthService } from '../auth/index.js';

const MAX_SERIALIZATION_ATTEMPTS = 5;

/** PostgreSQL's serialization failure and deadlock: the transaction can simply run again. */
const isSerializationFailure = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
};

/**
 * The store team: owners manage members and their roles (owner, moderator, support). A new member
 * gets an invitation link by e-mail to set their own password; the team never has fewer than one owner.
 */
export class TeamService {
  constructor(private readonly deps: { db: Kysely<Database>; accounts: AccountsService; credentials: CredentialsService; auth: AuthService }) {}

  async roleOf(userId: string): Promise<TeamRole | null> {
    const row = await this.deps.db.selectFrom('users').select('team_role').where('id', '=', userId).where('type', '=', 'team').executeTakeFirst();
    return (row?.team_role as TeamRole | undefined) ?? null;
  }

  async list(): Promise<TTeamMember[]> {
    const rows = await this.deps.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'team_role', 'created_at', 'last_login_at', 'password_hash'])
      .where('type', '=', 'team')
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      teamRole: (row.team_role ?? 'support') as TeamRole,
      createdAt: row.created_at,
      lastLoginAt: row.last_login_at,
      active: row.password_hash !== null,
    }));
  }

  async invite(options: { firstName: string; lastName: string; email: string; teamRole: TeamRole }): Promise<TTeamMember> {
    const { accounts } = this.deps;
    let id: string;
    try {
      id = await accounts.createAccount({ type: 'team', email: options.email, firstName: options.firstName, lastName: options.lastName, teamRole: options.teamRole });
    } catch (error) {
      // The same e-mail invited (or signed up) at the same moment: the unique index decides.
      if (!(error instanceof AppError) && (await accounts.findByEmail({ email: options.email }))) throw new AppError('EMAIL_TAKEN', 'email');
      throw error;
    }
    await this.deps.credentials.requestPasswordReset({ email: options.email, resetPath: '/admin/set-password', invitation: true });
    return this.member(id);
  }

  async changeRole(options: { memberId: string; teamRole: TeamRole }): Promise<TTeamMember> {
    await this.ownerSafe(async (trx) => {
      const member = await trx.selectFrom('users').select(['team_role']).where('id', '=', options.memberId).where('type', '=', 'team').executeTakeFirst();
      if (!member) throw new AppError('NOT_FOUND');
      if (member.team_role === 'owner' && options.teamRole !== 'owner') await this.assertAnotherOwner(trx, options.memberId);
      await trx.updateTable('users').set({ team_role: options.teamRole, updated_at: Date.now() }).where('id', '=', options.memberId).execute();
    });
    return this.member(options.memberId);
  }

  /** Removes a member: the account stops being a team account and all its sessions end. */
  async remove(options: { memberId: string }): Promise<void> {
    await this.ownerSafe(async (trx) => {
      const member = await trx.selectFrom('users').select(['team_role']).where('id', '=', options.memberId).where('type', '=', 'team').executeTakeFirst();
      if (!member) throw new AppError('NOT_FOUND');
      if (member.team_role === 'owner') await this.assertAnotherOwner(trx, options.memberId);
      await trx.deleteFrom('users').where('id', '=', options.memberId).execute();
    });
    await this.deps.auth.revokeAllSessions({ userId: options.memberId, reason: 'removed from the team' });
  }

  /**
   * Runs a change that may take an owner away, serializably: two owners demoting or removing each
   * other at the same moment would otherwise each see the other as "another owner" and leave none.
   * On PostgreSQL one of them then fails to serialize and runs again, and sees the other's change;
   * SQLite runs one write transaction at a time (and ignores the isolation level).
   */
  private async ownerSafe(work: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.deps.db.transaction().setIsolationLevel('serializable').execute(work);
        return;
      } catch (error) {
        if (attempt >= MAX_SERIALIZATION_ATTEMPTS || !isSerializationFailure(error)) throw error;
      }
    }
  }

  private async assertAnotherOwner(trx: Kysely<Database>, exceptId: string): Promise<void> {
    // Only an owner who can log in counts: an invited owner who never set a password is no owner yet.
    const other = await trx
      .selectFrom('users')
      .select('id')
      .where('type', '=', 'team')
      .where('team_role', '=', 'owner')
      .where('password_hash', 'is not', null)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    if (!other) throw new AppError('LAST_OWNER');
  }

  private async member(id: string): Promise<TTeamMember> {
    const found = (await this.list()).find((m) => m.id === id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }
}
