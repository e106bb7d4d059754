// One thread with its latest messages, oldest first; opening it marks its replies read
// (docs/rules/messaging.md#conversations). Another organization's thread is a 404, as a missing one.
import { and, desc, eq, sql } from 'drizzle-orm';
import { CONVERSATION_LIMITS, CONVERSATION_MESSAGES, type ConversationDetail, type ConversationMessage } from '../../../contracts/conversations';
import type { Db, DbOrTx } from '../../db/client';
import { customers, smsConversationMessages, smsConversations, users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { isStaff } from '../messaging/message-audience';
import { conversationColumns, threadCustomer, toConversations, type ConversationRow } from './list-conversations';

/** The caller's thread, or 404 (for a customer or guest too: no thread is theirs). */
export async function findConversation(db: DbOrTx, ctx: RequestContext, id: number): Promise<ConversationRow> {
  if (!isStaff(ctx)) throw notFound(CONVERSATION_MESSAGES.notFound);
  const [row] = await db
    .select(conversationColumns)
    .from(smsConversations)
    .leftJoin(customers, threadCustomer)
    .where(tenantWhere(tenantScope(ctx), smsConversations, eq(smsConversations.id, id)))
    .limit(1);
  if (!row) throw notFound(CONVERSATION_MESSAGES.notFound);
  return row;
}

const authorName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

/** One message as the thread shows it. */
export async function conversationMessages(db: DbOrTx, organizationId: number, conversationId: number, onlyId?: number): Promise<ConversationMessage[]> {
  const m = smsConversationMessages;
  const rows = await db
    .select({ id: m.id, direction: m.direction, body: m.body, status: m.status, error: m.error, sentByName: authorName, createdAt: m.createdAt })
    .from(m)
    .leftJoin(users, eq(users.id, m.sentBy))
    .where(and(eq(m.organizationId, organizationId), eq(m.conversationId, conversationId), onlyId === undefined ? undefined : eq(m.id, onlyId)))
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(CONVERSATION_LIMITS.shownMessages);
  return rows.reverse().map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function getConversation(db: Db, ctx: RequestContext, id: number): Promise<ConversationDetail> {
  const row = await findConversation(db, ctx, id);
  if (row.unreadCount > 0) {
    await db.update(smsConversations).set({ unreadCount: 0 }).where(and(eq(smsConversations.organizationId, row.organizationId), eq(smsConversations.id, id)));
  }
  const [conversation] = await toConversations(db, [{ ...row, unreadCount: 0 }]);
  return { ...conversation, messages: await conversationMessages(db, row.organizationId, id) };
}
