// The templates list, by name; q searches name, subject and content.
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { MessageListQuery, MessageTemplate } from '../../../contracts/messaging';
import type { DbOrTx } from '../../db/client';
import { messageTemplates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, orderBy, page, runAll } from '../../platform/lists';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { requireStaff } from './message-audience';
import { toTemplateResponse } from './message-response';

const SORTABLE = { id: messageTemplates.id, type: messageTemplates.type, createdAt: messageTemplates.createdAt, isActive: messageTemplates.isActive };
const BY_NAME: SQL[] = [asc(sql`lower(${messageTemplates.name})`), asc(messageTemplates.id)];

function templateSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return sql`(${messageTemplates.name} || ' ' || coalesce(${messageTemplates.subject}, '') || ' ' || ${messageTemplates.content}) ilike ${likePattern(q)}`;
}

export async function listMessageTemplates(db: DbOrTx, ctx: RequestContext, query: MessageListQuery): Promise<{ rows: MessageTemplate[]; total: number }> {
  requireStaff(ctx);
  const where = and(
    scopeFilter(tenantScope(ctx, query.organizationId), messageTemplates.organizationId),
    templateSearch(query.q),
    query.type ? eq(messageTemplates.type, query.type) : undefined,
  );
  const { limit, offset } = page(query);
  const order = query.sort === 'name' ? BY_NAME : orderBy(query, SORTABLE, BY_NAME);
  const [rows, total] = await runAll(
    db,
    () => db.select().from(messageTemplates).where(where).orderBy(...order).limit(limit).offset(offset),
    async () => Number((await db.select({ total: count() }).from(messageTemplates).where(where))[0]?.total ?? 0),
  );
  return { rows: rows.map(toTemplateResponse), total };
}
