// The messages list: newest first, search on subject and content, page, total.
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Message, MessageListQuery } from '../../../contracts/messaging';
import type { DbOrTx } from '../../db/client';
import { messages } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, page, runAll } from '../../platform/lists';
import { descending, orderOf, sortKeys, tableReader, type BatchReader } from '../../platform/list-order';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { ownMessagesFilter } from './message-audience';
import { toMessageResponse } from './message-response';

const SORTABLE = {
  id: messages.id,
  subject: messages.subject,
  type: messages.type,
  status: messages.status,
  createdAt: messages.createdAt,
  sentDate: messages.sentDate,
};

const NEWEST_FIRST = [descending(messages.createdAt), descending(messages.id)];

function messageSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return sql`(coalesce(${messages.subject}, '') || ' ' || ${messages.content}) ilike ${likePattern(q)}`;
}

const messagesWhere = (ctx: RequestContext, query: MessageListQuery) =>
  and(
    scopeFilter(tenantScope(ctx, query.organizationId), messages.organizationId),
    ownMessagesFilter(ctx),
    messageSearch(query.q),
    query.status ? eq(messages.status, query.status) : undefined,
    query.type ? eq(messages.type, query.type) : undefined,
  );

/** The list's rows batch by batch in its order, with its search and filters: its export (docs/rules/data-exchange.md#list-exports). */
export function messageBatches(db: DbOrTx, ctx: RequestContext, query: MessageListQuery): BatchReader<Message> {
  return tableReader(db, messages, messagesWhere(ctx, query), sortKeys(query, SORTABLE, NEWEST_FIRST), (rows) => rows.map(toMessageResponse));
}

export async function listMessages(db: DbOrTx, ctx: RequestContext, query: MessageListQuery): Promise<{ rows: Message[]; total: number }> {
  const where = messagesWhere(ctx, query);
  const { limit, offset } = page(query);
  const order = orderOf(sortKeys(query, SORTABLE, NEWEST_FIRST));
  const [rows, total] = await runAll(
    db,
    () => db.select().from(messages).where(where).orderBy(...order).limit(limit).offset(offset),
    async () => Number((await db.select({ total: count() }).from(messages).where(where))[0]?.total ?? 0),
  );
  return { rows: rows.map(toMessageResponse), total };
}
