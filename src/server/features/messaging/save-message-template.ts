// Adds, changes and removes message templates of the caller's organization.
import { eq } from 'drizzle-orm';
import {
  MESSAGE_LIMITS,
  MESSAGING_MESSAGES,
  type CreateTemplateBody,
  type MessageTemplate,
  type UpdateTemplateBody,
} from '../../../contracts/messaging';
import type { Db } from '../../db/client';
import { messageTemplates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { organizationForWrite, tenantScope, tenantWhere } from '../../platform/tenancy';
import { toTemplateResponse } from './message-response';

export async function createMessageTemplate(db: Db, ctx: RequestContext, body: CreateTemplateBody): Promise<MessageTemplate> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  const [row] = await db
    .insert(messageTemplates)
    .values({ organizationId, name: body.name, type: body.type, subject: body.subject ?? null, content: body.content, isActive: body.isActive })
    .returning();
  return toTemplateResponse(row);
}

const scope = (ctx: RequestContext, id: number) => tenantWhere(tenantScope(ctx), messageTemplates, eq(messageTemplates.id, id));

export async function updateMessageTemplate(db: Db, ctx: RequestContext, id: number, body: UpdateTemplateBody): Promise<MessageTemplate> {
  // The organization of a template never changes.
  const { organizationId: _ignored, ...fields } = body;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof messageTemplates.$inferInsert>;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(messageTemplates).where(scope(ctx, id)).for('update').limit(1);
    if (!row) throw notFound(MESSAGING_MESSAGES.templateNotFound);
    // The SMS length rule applies to the result: switching a long e-mail template to SMS is refused too.
    const type = changes.type ?? row.type;
    const content = changes.content ?? row.content;
    if (type === 'sms' && content.length > MESSAGE_LIMITS.smsContent) {
      throw invalid(`content: ${MESSAGING_MESSAGES.smsTooLong}`, [{ path: 'content', message: MESSAGING_MESSAGES.smsTooLong }]);
    }
    if (Object.keys(changes).length === 0) return toTemplateResponse(row);
    const [updated] = await tx.update(messageTemplates).set(changes).where(eq(messageTemplates.id, row.id)).returning();
    return toTemplateResponse(updated);
  });
}

export async function deleteMessageTemplate(db: Db, ctx: RequestContext, id: number): Promise<void> {
  const [row] = await db.delete(messageTemplates).where(scope(ctx, id)).returning({ id: messageTemplates.id });
  if (!row) throw notFound(MESSAGING_MESSAGES.templateNotFound);
}
