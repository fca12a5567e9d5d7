import type { Kysely } from 'kysely';
import type { TeamRole, TTeamMember } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { CredentialsService } from '../accounts/credentials.service.js';
import type { AuthService } from '../auth/auth.service.js';

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
    const id = await this.deps.accounts.createAccount({ type: 'team', email: options.email, firstName: options.firstName, lastName: options.lastName, teamRole: options.teamRole });
    await this.deps.credentials.requestPasswordReset({ email: options.email, resetPath: '/admin/set-password', invitation: true });
    return this.member(id);
  }

  async changeRole(options: { memberId: string; teamRole: TeamRole }): Promise<TTeamMember> {
    await this.deps.db.transaction().execute(async (trx) => {
      const member = await trx.selectFrom('users').select(['team_role']).where('id', '=', options.memberId).where('type', '=', 'team').executeTakeFirst();
      if (!member) throw new AppError('NOT_FOUND');
      if (member.team_role === 'owner' && options.teamRole !== 'owner') await this.assertAnotherOwner(trx, options.memberId);
      await trx.updateTable('users').set({ team_role: options.teamRole, updated_at: Date.now() }).where('id', '=', options.memberId).execute();
    });
    return this.member(options.memberId);
  }

  /** Removes a member: the account stops being a team account and all its sessions end. */
  async remove(options: { memberId: string }): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const member = await trx.selectFrom('users').select(['team_role']).where('id', '=', options.memberId).where('type', '=', 'team').executeTakeFirst();
      if (!member) throw new AppError('NOT_FOUND');
      if (member.team_role === 'owner') await this.assertAnotherOwner(trx, options.memberId);
      await trx.deleteFrom('users').where('id', '=', options.memberId).execute();
    });
    await this.deps.auth.revokeAllSessions({ userId: options.memberId, reason: 'removed from the team' });
  }

  private async assertAnotherOwner(trx: Kysely<Database>, exceptId: string): Promise<void> {
    const other = await trx.selectFrom('users').select('id').where('type', '=', 'team').where('team_role', '=', 'owner').where('id', '!=', exceptId).executeTakeFirst();
    if (!other) throw new AppError('LAST_OWNER');
  }

  private async member(id: string): Promise<TTeamMember> {
    const found = (await this.list()).find((m) => m.id === id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }
}
