import type { Kysely } from 'kysely';
import type { TChatMember } from '@tessera/contracts';
import { prepared } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { AppError, Forbidden, Invalid } from '../../lib/errors.js';
import { publicMediaPath, uploadPath } from '../uploads/index.js';

/** buyer | store | team */
export type ChatUserKind = 'buyer' | 'store' | 'team';

export interface ChatUser {
  id: string;
  kind: ChatUserKind;
  accountId: string;
  storeId: string | null;
}

/** Who asks for a chat session: the caller's account. */
export interface ChatAccount {
  userId: string;
  userType: string;
}

// Read for every message delivered (the sender's name, the receivers' presence): compiled once.
const profileRows = prepared((db, ids: readonly string[]) =>
  db
    .selectFrom('chat_users as c')
    .leftJoin('users as u', 'u.id', 'c.account_id')
    .leftJoin('stores as s', 's.id', 'c.store_id')
    .select(['c.id', 'c.kind', 'c.online', 'c.last_seen_at', 'u.first_name', 'u.last_name', 'u.profile_pic_upload_id', 's.store_name', 's.store_alias_name', 's.logo_thumb_upload_id'])
    .where('c.id', 'in', ids),
);

const pickName = (json: string): string => {
  try {
    const names = JSON.parse(json) as Record<string, string>;
    return names.en ?? Object.values(names)[0] ?? '';
  } catch {
    return json;
  }
};

/**
 * Chat users: every buyer (id = the buyer's user id), store (id = the store id, which the store API
 * returns as `isomatricChatUserId`; its seller acts as it) and store-team member (id = the member's
 * user id). Rows are made on first use. Names and pictures are read from the accounts' and stores'
 * tables (read only: those modules own them).
 */
export class ChatUsers {
  constructor(private readonly db: Kysely<Database>) {}

  /** The chat user an account acts as, made on first use: a buyer or team member himself, a seller his store. */
  async forAccount(account: ChatAccount, options: { asTeam?: boolean } = {}): Promise<ChatUser> {
    if (options.asTeam) {
      if (account.userType !== 'team') throw Forbidden();
      return this.ensure({ id: account.userId, kind: 'team', accountId: account.userId, storeId: null });
    }
    if (account.userType === 'buyer') return this.ensure({ id: account.userId, kind: 'buyer', accountId: account.userId, storeId: null });
    if (account.userType === 'seller') {
      const store = await this.db.selectFrom('stores').select(['id', 'chat_user_id']).where('seller_user_id', '=', account.userId).executeTakeFirst();
      if (!store) throw Forbidden();
      return this.ensure({ id: store.chat_user_id ?? store.id, kind: 'store', accountId: account.userId, storeId: store.id });
    }
    if (account.userType === 'team') return this.ensure({ id: account.userId, kind: 'team', accountId: account.userId, storeId: null });
    throw Forbidden();
  }

  /** A chat user by id, made on first use when the id is a buyer, a store or a team member. */
  async find(id: string): Promise<ChatUser | undefined> {
    const row = await this.db.selectFrom('chat_users').select(['id', 'kind', 'account_id', 'store_id']).where('id', '=', id).executeTakeFirst();
    if (row) return { id: row.id, kind: row.kind as ChatUserKind, accountId: row.account_id, storeId: row.store_id };
    const store = await this.db.selectFrom('stores').select(['id', 'seller_user_id']).where((eb) => eb.or([eb('chat_user_id', '=', id), eb('id', '=', id)])).executeTakeFirst();
    if (store) return this.ensure({ id, kind: 'store', accountId: store.seller_user_id, storeId: store.id });
    const user = await this.db.selectFrom('users').select(['id', 'type']).where('id', '=', id).executeTakeFirst();
    if (user?.type === 'buyer') return this.ensure({ id, kind: 'buyer', accountId: id, storeId: null });
    if (user?.type === 'team') return this.ensure({ id, kind: 'team', accountId: id, storeId: null });
    return undefined;
  }

  /** Whether a chat user exists (or would be made on first use) for this id. */
  async exists(id: string): Promise<boolean> {
    return (await this.find(id)) !== undefined;
  }

  /** Every id must be a chat user; a 400 naming `field` otherwise. */
  async requireAll(ids: readonly string[], field: string): Promise<ChatUser[]> {
    const users: ChatUser[] = [];
    for (const id of ids) {
      const user = await this.find(id);
      if (!user) throw Invalid(field, `${id} is not a chat user`);
      users.push(user);
    }
    return users;
  }

  private async ensure(user: ChatUser): Promise<ChatUser> {
    await this.db
      .insertInto('chat_users')
      .values({ id: user.id, kind: user.kind, account_id: user.accountId, store_id: user.storeId, online: 0, last_seen_at: null, created_at: Date.now() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return user;
  }

  /** Display names, pictures and presence of chat users, for conversation lists. */
  async profiles(ids: readonly string[]): Promise<Map<string, Omit<TChatMember, 'isAdmin'>>> {
    const result = new Map<string, Omit<TChatMember, 'isAdmin'>>();
    if (ids.length === 0) return result;
    const rows = await profileRows.all(this.db, [...new Set(ids)]);
    for (const row of rows) {
      const store = row.kind === 'store';
      const personal = [row.first_name, row.last_name].filter(Boolean).join(' ');
      result.set(row.id, {
        userId: row.id,
        kind: row.kind,
        name: store ? pickName(row.store_name ?? '') || (row.store_alias_name ?? '') : personal || (row.kind === 'team' ? 'Tessera' : ''),
        imageUrl: store ? (row.logo_thumb_upload_id ? publicMediaPath(row.logo_thumb_upload_id) : '') : row.profile_pic_upload_id ? uploadPath(row.profile_pic_upload_id) : '',
        online: row.online > 0,
        lastSeen: row.last_seen_at === null ? null : Number(row.last_seen_at),
      });
    }
    return result;
  }

  /** Presence bookkeeping from the broker: connections opened and closed. */
  async setOnline(id: string, online: boolean, now = Date.now()): Promise<void> {
    await this.db
      .updateTable('chat_users')
      .set(online ? { online: 1 } : { online: 0, last_seen_at: now })
      .where('id', '=', id)
      .execute();
  }
}

export const ChatTokenInvalid = () => new AppError('CHAT_TOKEN_INVALID');
