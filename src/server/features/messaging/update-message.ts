// Changes a draft's fields and/or sends it (`status: 'sent'`); a sent message is never changed again.
import { and, eq } from 'drizzle-orm';
import { checkMessage, MESSAGING_MESSAGES, type Message, type MessageType, type UpdateMessageBody } from '../../../contracts/messaging';
import { messages } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, invalid, notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { claimDraft, deliverClaimed, type MessagingDeps } from './deliver-message';
import { toMessageResponse } from './message-response';

export async function updateMessage(deps: MessagingDeps, ctx: RequestContext, id: number, body: UpdateMessageBody): Promise<Message> {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(messages)
    .where(tenantWhere(tenantScope(ctx), messages, eq(messages.id, id)))
    .limit(1);
  if (!row) throw notFound(MESSAGING_MESSAGES.notFound);
  // 'sending' counts as sent: a second Send while the first is under way must not deliver twice.
  if (row.status !== 'draft') throw conflict(MESSAGING_MESSAGES.alreadySent);

  const edits = {
    ...(body.subject !== undefined && { subject: body.subject }),
    ...(body.content !== undefined && { content: body.content }),
    ...(body.type !== undefined && { type: body.type }),
    ...(body.recipients !== undefined && { recipients: body.recipients }),
  };
  let current = row;
  if (Object.keys(edits).length > 0) {
    const merged = { subject: row.subject, content: row.content, type: row.type as MessageType, recipients: row.recipients, ...edits };
    const { issues, recipients } = checkMessage(merged);
    if (issues.length > 0) throw invalid(`${issues[0].path}: ${issues[0].message}`, issues);
    const [updated] = await db
      .update(messages)
      .set({ ...edits, recipients })
      .where(and(eq(messages.id, row.id), eq(messages.status, 'draft')))
      .returning();
    if (!updated) throw conflict(MESSAGING_MESSAGES.alreadySent);
    current = updated;
  }
  if (body.status !== 'sent') return toMessageResponse(current);
  return deliverClaimed(deps, await claimDraft(db, current.id));
}
