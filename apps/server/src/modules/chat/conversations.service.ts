import { sql } from 'kysely';
import type { TConversationListItem, TChatMember } from '@tessera/contracts';
import { AppError, Forbidden, Invalid, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { blocksBetween, directKey, requireMember } from './chat-access.js';
import type { ChatContext } from './chat-context.js';
import type { ChatUser } from './chat-users.js';
import { parseJson } from './chat-views.js';
import type { MessagesService } from './messages.service.js';
import type { z } from 'zod';
import type { ZConversationDetailsUpdateSchema, ZDirectConversationRequestSchema } from '@tessera/contracts';

type CreateInput = z.output<typeof ZDirectConversationRequestSchema>;
type DetailsInput = z.output<typeof ZConversationDetailsUpdateSchema>;

const searchText = (title: string, tags: readonly string[]): string => [title, ...tags].join(' ').toLowerCase();
const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conversations: creation (one per buyer–store pair), lists, details, admins. */
export class ConversationsService {
  constructor(
    private readonly ctx: ChatContext,
    private readonly messages: MessagesService,
  ) {}

  /**
   * Creates a conversation, or answers the existing one: a direct chat (two members) is unique per
   * pair, so the same buyer–store chat asked for twice, or from two tabs at once, is one.
   */
  async create(options: { me: ChatUser; input: CreateInput }): Promise<{ conversationId: string; created: boolean }> {
    const { me, input } = options;
    const memberIds = [...new Set([me.id, ...input.members])];
    if (memberIds.length < 2) throw Invalid('members', 'name someone to chat with');
    const members = await this.ctx.users.requireAll(memberIds, 'members');
    // Buyers talk to stores and the team, not to one another.
    if (!members.some((member) => member.kind !== 'buyer')) throw Invalid('members', 'a conversation needs a store or the store team');
    const key = memberIds.length === 2 ? directKey(memberIds[0] as string, memberIds[1] as string) : null;
    if (key) {
      const existing = await this.findByKey(key);
      if (existing) return { conversationId: existing, created: false };
    }
    await this.ctx.limiter.takeConversation(me.id);
    const id = newId();
    const now = Date.now();
    const inserted = await this.ctx.db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('chat_conversations')
        .values({
          id,
          direct_key: key,
          title: input.conversationTitle,
          image_url: input.conversationImageUrl,
          custom_type: input.customType,
          conversation_type: input.conversationType,
          is_group: input.isGroup ? 1 : 0,
          meta_data: JSON.stringify(input.metaData),
          searchable_tags: JSON.stringify(input.searchableTags),
          search_text: searchText(input.conversationTitle, input.searchableTags),
          typing_events: input.typingEvents ? 1 : 0,
          read_events: input.readEvents ? 1 : 0,
          push_notifications: input.pushNotifications ? 1 : 0,
          created_by: me.id,
          last_message_row_id: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('direct_key').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx
        .insertInto('chat_members')
        .values(memberIds.map((userId) => ({ conversation_id: id, user_id: userId, is_admin: userId === me.id && key === null ? 1 : 0, unread_count: 0, read_up_to: 0, last_activity_at: now, joined_at: now })))
        .execute();
      return true;
    });
    if (!inserted && key) {
      // Another request made the same pair's chat a moment ago: answer that one.
      const existing = await this.findByKey(key);
      if (existing) return { conversationId: existing, created: false };
    }
    return { conversationId: id, created: true };
  }

  private async findByKey(key: string): Promise<string | undefined> {
    const row = await this.ctx.db.selectFrom('chat_conversations').select('id').where('direct_key', '=', key).executeTakeFirst();
    return row?.id;
  }

  /** The direct chat between exactly these two users (the caller one of them), or none. */
  async findDirect(options: { me: ChatUser; membersExactly: string }): Promise<TConversationListItem[]> {
    const ids = [...new Set(options.membersExactly.split(',').map((id) => id.trim()).filter(Boolean))];
    if (ids.length === 1) ids.push(options.me.id);
    if (ids.length !== 2) throw Invalid('membersExactly', 'two user ids separated by a comma');
    if (!ids.includes(options.me.id) && options.me.kind !== 'team') throw Forbidden();
    const id = await this.findByKey(directKey(ids[0] as string, ids[1] as string));
    if (!id) return [];
    return this.items(options.me, [id]);
  }

  /** The caller's conversations, most recent activity first, with search by tags and title. */
  async list(options: { me: ChatUser; searchTag?: string | undefined; isGroup?: boolean | undefined; skip: number; limit: number }): Promise<TConversationListItem[]> {
    let query = this.ctx.db
      .selectFrom('chat_members as m')
      .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
      .select('c.id')
      .where('m.user_id', '=', options.me.id);
    if (options.searchTag) query = query.where(sql<boolean>`c.search_text like ${likePattern(options.searchTag)} escape '\\'`);
    if (options.isGroup !== undefined) query = query.where('c.is_group', '=', options.isGroup ? 1 : 0);
    const rows = await query.orderBy('m.last_activity_at', 'desc').orderBy('c.id', 'desc').offset(options.skip).limit(options.limit).execute();
    return this.items(
      options.me,
      rows.map((row) => row.id),
    );
  }

  async count(options: { me: ChatUser; searchTag?: string | undefined }): Promise<{ count: number; unreadConversations: number; totalUnread: number }> {
    let query = this.ctx.db
      .selectFrom('chat_members as m')
      .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>(eb.case().when('m.unread_count', '>', 0).then(1).else(0).end()).as('unread_conversations'),
        eb.fn.sum<number>('m.unread_count').as('total_unread'),
      ])
      .where('m.user_id', '=', options.me.id);
    if (options.searchTag) query = query.where(sql<boolean>`c.search_text like ${likePattern(options.searchTag)} escape '\\'`);
    const row = await query.executeTakeFirstOrThrow();
    return { count: Number(row.count), unreadConversations: Number(row.unread_conversations ?? 0), totalUnread: Number(row.total_unread ?? 0) };
  }

  async details(options: { me: ChatUser; conversationId: string }): Promise<TConversationListItem> {
    await requireMember(this.ctx.db, options.conversationId, options.me.id);
    const [item] = await this.items(options.me, [options.conversationId]);
    if (!item) throw NotFound();
    return item;
  }

  /** Title, picture, tags and switches; members of a direct chat and admins of a group may change them. */
  async updateDetails(options: { me: ChatUser; input: DetailsInput }): Promise<void> {
    const { me, input } = options;
    const membership = await requireMember(this.ctx.db, input.conversationId, me.id);
    const conversation = await this.ctx.db.selectFrom('chat_conversations').selectAll().where('id', '=', input.conversationId).executeTakeFirstOrThrow();
    if (conversation.direct_key === null && !membership.isAdmin) throw Forbidden();
    const title = input.conversationTitle ?? conversation.title;
    const tags = input.searchableTags ?? parseJson<string[]>(conversation.searchable_tags, []);
    const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
    await this.ctx.events.commit(async (trx) => {
      await trx
        .updateTable('chat_conversations')
        .set({
          title,
          search_text: searchText(title, tags),
          searchable_tags: JSON.stringify(tags),
          ...(input.conversationImageUrl !== undefined ? { image_url: input.conversationImageUrl } : {}),
          ...(input.customType !== undefined ? { custom_type: input.customType } : {}),
          ...(input.metaData !== undefined ? { meta_data: JSON.stringify({ ...parseJson<object>(conversation.meta_data, {}), ...input.metaData }) } : {}),
          ...(flag(input.typingEvents) !== undefined ? { typing_events: flag(input.typingEvents) as number } : {}),
          ...(flag(input.readEvents) !== undefined ? { read_events: flag(input.readEvents) as number } : {}),
          ...(flag(input.pushNotifications) !== undefined ? { push_notifications: flag(input.pushNotifications) as number } : {}),
          updated_at: Date.now(),
        })
        .where('id', '=', input.conversationId)
        .execute();
      await this.ctx.events.enqueue(trx, { kind: 'chat.list-update', key: input.conversationId, payload: { conversationId: input.conversationId } });
    });
  }

  /**
   * Makes a member admin. An admin may name any member; a store-team member may name himself and so
   * joins the conversation as its admin (to step in, or to send broadcasts).
   */
  async makeAdmin(options: { me: ChatUser; conversationId: string; memberId: string }): Promise<void> {
    const { me, conversationId, memberId } = options;
    const members = await this.ctx.db.selectFrom('chat_members').select(['user_id', 'is_admin']).where('conversation_id', '=', conversationId).execute();
    if (members.length === 0) throw NotFound();
    const mine = members.find((member) => member.user_id === me.id);
    const teamJoining = me.kind === 'team' && memberId === me.id;
    if (!teamJoining && mine?.is_admin !== 1 && me.kind !== 'team') throw Forbidden();
    const target = members.find((member) => member.user_id === memberId);
    if (!target && !teamJoining) throw Invalid('memberId', 'not a member of this conversation');
    const now = Date.now();
    await this.ctx.events.commit(async (trx) => {
      if (target) await trx.updateTable('chat_members').set({ is_admin: 1 }).where('conversation_id', '=', conversationId).where('user_id', '=', memberId).execute();
      else
        await trx
          .insertInto('chat_members')
          .values({ conversation_id: conversationId, user_id: memberId, is_admin: 1, unread_count: 0, read_up_to: now, last_activity_at: now, joined_at: now })
          .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
          .execute();
      await this.ctx.events.enqueue(trx, { kind: 'chat.list-update', key: conversationId, payload: { conversationId } });
    });
  }

  /** List items of these conversations, in the given order, as `me` sees them. */
  async items(me: ChatUser, ids: readonly string[]): Promise<TConversationListItem[]> {
    if (ids.length === 0) return [];
    const db = this.ctx.db;
    const [conversations, members] = await Promise.all([
      db.selectFrom('chat_conversations').selectAll().where('id', 'in', ids).execute(),
      db.selectFrom('chat_members').select(['conversation_id', 'user_id', 'is_admin', 'unread_count']).where('conversation_id', 'in', ids).execute(),
    ]);
    const profiles = await this.ctx.users.profiles(members.map((member) => member.user_id));
    const others = [...new Set(members.map((member) => member.user_id).filter((id) => id !== me.id))];
    const blocks = await blocksBetween(db, me.id, others);
    const lastIds = conversations.map((c) => c.last_message_row_id).filter((id): id is string => id !== null);
    const lastMessages = await this.messages.viewsByRowIds(me.id, lastIds);
    const byId = new Map(conversations.map((c) => [c.id, c]));
    return ids.flatMap((id) => {
      const c = byId.get(id);
      if (!c) return [];
      const own = members.filter((member) => member.conversation_id === id);
      const memberViews: TChatMember[] = own.map((member) => ({
        ...(profiles.get(member.user_id) ?? { userId: member.user_id, kind: 'buyer', name: '', imageUrl: '', online: false, lastSeen: null }),
        isAdmin: member.is_admin === 1,
      }));
      const opponents = memberViews.filter((member) => member.userId !== me.id && member.kind !== 'team');
      const opponent = opponents.length === 1 ? (opponents[0] as TChatMember) : (memberViews.find((member) => member.userId !== me.id) ?? null);
      const last = c.last_message_row_id ? lastMessages.get(c.last_message_row_id) : undefined;
      return [
        {
          conversationId: c.id,
          conversationTitle: c.title,
          conversationImageUrl: c.image_url,
          customType: c.custom_type,
          conversationType: c.conversation_type,
          isGroup: c.is_group === 1,
          metaData: parseJson<Record<string, unknown>>(c.meta_data, {}),
          searchableTags: parseJson<string[]>(c.searchable_tags, []),
          members: memberViews,
          opponent,
          lastMessage: last ?? null,
          unreadCount: own.find((member) => member.user_id === me.id)?.unread_count ?? 0,
          blockedByMe: opponent ? blocks.blockedByMe.has(opponent.userId) : false,
          blockedMe: opponent ? blocks.blockedMe.has(opponent.userId) : false,
          typingEvents: c.typing_events === 1,
          readEvents: c.read_events === 1,
          pushNotifications: c.push_notifications === 1,
          createdAt: Number(c.created_at),
          updatedAt: Number(c.updated_at),
        },
      ];
    });
  }
}

export const ConversationNotFound = () => new AppError('NOT_FOUND');
