// The Messaging screen's conversations (docs/rules/messaging.md#conversations): the latest message first; q finds a
// customer's name, a number (any of its digits) or words of the last message.
import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Conversation, ConversationListQuery } from '../../../contracts/conversations';
import { optedOutAmong, optOutKey } from '../../adapters/sms/opt-outs';
import type { DbOrTx } from '../../db/client';
import { customers, smsConversations } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, page, runAll } from '../../platform/lists';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { isStaff } from '../messaging/message-audience';

export const conversationColumns = {
  id: smsConversations.id,
  organizationId: smsConversations.organizationId,
  phone: smsConversations.phone,
  customerId: smsConversations.customerId,
  customerName: customers.name,
  lastMessageAt: smsConversations.lastMessageAt,
  lastMessagePreview: smsConversations.lastMessagePreview,
  unreadCount: smsConversations.unreadCount,
};

export interface ConversationRow {
  id: number;
  organizationId: number;
  phone: string;
  customerId: number | null;
  customerName: string | null;
  lastMessageAt: Date;
  lastMessagePreview: string | null;
  unreadCount: number;
}

/** The thread's customer, in its own organization (a thread's customer is always one of its organization's). */
export const threadCustomer = and(eq(customers.organizationId, smsConversations.organizationId), eq(customers.id, smsConversations.customerId));

export async function toConversations(db: DbOrTx, rows: ConversationRow[]): Promise<Conversation[]> {
  const optedOut = await optedOutAmong(db, rows.map((r) => r.phone));
  return rows.map((r) => ({ ...r, lastMessageAt: r.lastMessageAt.toISOString(), optedOut: optedOut.has(optOutKey(r.phone)) }));
}

function conversationSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const digits = q.replace(/\D/g, '');
  const words = sql`(coalesce(${customers.name}, '') || ' ' || coalesce(${smsConversations.lastMessagePreview}, '')) ilike ${likePattern(q)}`;
  return digits.length >= 3 ? sql`(${words} or ${smsConversations.phone} like ${likePattern(digits)})` : words;
}

export async function listConversations(db: DbOrTx, ctx: RequestContext, query: ConversationListQuery): Promise<{ rows: Conversation[]; total: number }> {
  // Customers and guests hold view_messages for the messages sent to them (features/messaging/message-audience.ts);
  // the organization's threads are none of theirs.
  if (!isStaff(ctx)) return { rows: [], total: 0 };
  const where = and(scopeFilter(tenantScope(ctx, query.organizationId), smsConversations.organizationId), conversationSearch(query.q));
  const { limit, offset } = page(query);
  const [rows, total] = await runAll(
    db,
    () =>
      db
        .select(conversationColumns)
        .from(smsConversations)
        .leftJoin(customers, threadCustomer)
        .where(where)
        .orderBy(desc(smsConversations.lastMessageAt), desc(smsConversations.id))
        .limit(limit)
        .offset(offset),
    async () => Number((await db.select({ total: count() }).from(smsConversations).leftJoin(customers, threadCustomer).where(where))[0]?.total ?? 0),
  );
  return { rows: await toConversations(db, rows), total };
}

/** Threads of the caller's organization with a reply nobody has opened yet (none for customers and guests). */
export async function countUnreadConversations(db: DbOrTx, ctx: RequestContext, organizationId?: number): Promise<number> {
  if (!isStaff(ctx)) return 0;
  const where = and(scopeFilter(tenantScope(ctx, organizationId), smsConversations.organizationId), gt(smsConversations.unreadCount, 0));
  return Number((await db.select({ n: count() }).from(smsConversations).where(where))[0]?.n ?? 0);
}
