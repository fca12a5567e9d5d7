import type { TChatMember } from '@tessera/contracts';
import { Invalid } from '../../lib/errors.js';
import { CHAT_EVENTS, type BlockEvent, type ChatContext } from './chat-context.js';
import type { ChatUser } from './chat-users.js';

/**
 * Blocking: a blocked user's messages are refused (403 CHAT_BLOCKED, both ways) and both sides are
 * told on `blockUser/{userId}` at once. Block and unblock are idempotent.
 */
export class BlocksService {
  constructor(private readonly ctx: ChatContext) {}

  async set(options: { me: ChatUser; opponentId: string; blocked: boolean }): Promise<void> {
    const { me, opponentId, blocked } = options;
    if (opponentId === me.id) throw Invalid('opponentId', 'you cannot block yourself');
    if (!(await this.ctx.users.exists(opponentId))) throw Invalid('opponentId', 'not a chat user');
    const now = Date.now();
    await this.ctx.events.commit(async (trx) => {
      const changed = blocked
        ? await trx.insertInto('chat_blocks').values({ blocker_id: me.id, blocked_id: opponentId, created_at: now }).onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing()).executeTakeFirst()
        : await trx.deleteFrom('chat_blocks').where('blocker_id', '=', me.id).where('blocked_id', '=', opponentId).executeTakeFirst();
      const count = 'numInsertedOrUpdatedRows' in changed ? changed.numInsertedOrUpdatedRows : changed.numDeletedRows;
      if (Number(count ?? 0) === 0) return;
      const event: BlockEvent = { blockerId: me.id, blockedId: opponentId, blocked, timestamp: now };
      await this.ctx.events.enqueue(trx, { kind: CHAT_EVENTS.block, key: `block:${[me.id, opponentId].sort().join('|')}`, payload: event });
    });
  }

  async list(me: ChatUser): Promise<TChatMember[]> {
    const rows = await this.ctx.db.selectFrom('chat_blocks').select('blocked_id').where('blocker_id', '=', me.id).orderBy('created_at', 'desc').execute();
    const profiles = await this.ctx.users.profiles(rows.map((row) => row.blocked_id));
    return rows.flatMap((row) => {
      const profile = profiles.get(row.blocked_id);
      return profile ? [{ ...profile, isAdmin: false }] : [];
    });
  }
}
