import type { Kysely, Transaction } from 'kysely';
import { prepared } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { AppError, Forbidden, NotFound } from '../../lib/errors.js';

type Reader = Kysely<Database> | Transaction<Database>;

// Run for every message sent (over MQTT twice: the publish's check, then the send's): built and
// compiled once (prepared-query.ts).
const membersOf = prepared((db, conversationId: string) => db.selectFrom('chat_members').select(['user_id', 'is_admin']).where('conversation_id', '=', conversationId));
const blocksOf = prepared((db, userId: string, others: readonly string[]) =>
  db
    .selectFrom('chat_blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) => eb.or([eb.and([eb('blocker_id', '=', userId), eb('blocked_id', 'in', others)]), eb.and([eb('blocked_id', '=', userId), eb('blocker_id', 'in', others)])])),
);

/** Membership and block checks that every chat write and read starts with. */
export async function requireMember(db: Reader, conversationId: string, userId: string): Promise<{ isAdmin: boolean; memberIds: string[] }> {
  const members = await membersOf.all(db, conversationId);
  if (members.length === 0) throw NotFound();
  const me = members.find((member) => member.user_id === userId);
  // A stranger learns nothing about whether the conversation exists.
  if (!me) throw NotFound();
  return { isAdmin: me.is_admin === 1, memberIds: members.map((member) => member.user_id) };
}

/** Who of `others` blocked `userId` or was blocked by him. */
export async function blocksBetween(db: Reader, userId: string, others: readonly string[]): Promise<{ blockedByMe: Set<string>; blockedMe: Set<string> }> {
  const blockedByMe = new Set<string>();
  const blockedMe = new Set<string>();
  if (others.length === 0) return { blockedByMe, blockedMe };
  const rows = await blocksOf.all(db, userId, others);
  for (const row of rows) {
    if (row.blocker_id === userId) blockedByMe.add(row.blocked_id);
    else blockedMe.add(row.blocker_id);
  }
  return { blockedByMe, blockedMe };
}

/** Refuses (403 CHAT_BLOCKED) a write between two sides of a block, whichever side blocked. */
export async function refuseIfBlocked(db: Reader, userId: string, others: readonly string[]): Promise<void> {
  const { blockedByMe, blockedMe } = await blocksBetween(db, userId, others);
  if (blockedByMe.size > 0 || blockedMe.size > 0) throw new AppError('CHAT_BLOCKED');
}

/** Whether two chat users share a conversation (who may watch whose presence and typing). */
export async function shareConversation(db: Reader, a: string, b: string): Promise<boolean> {
  if (a === b) return true;
  const row = await db
    .selectFrom('chat_members as m1')
    .innerJoin('chat_members as m2', 'm2.conversation_id', 'm1.conversation_id')
    .select('m1.conversation_id')
    .where('m1.user_id', '=', a)
    .where('m2.user_id', '=', b)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export const refuse = Forbidden;

/** The direct-chat key of a pair: one conversation per pair (a unique index). */
export const directKey = (a: string, b: string): string => [a, b].sort().join('|');
