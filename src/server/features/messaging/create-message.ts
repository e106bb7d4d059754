// A new message in the caller's organization: kept as a draft, or delivered at once when sent.
import type { CreateMessageBody, Message } from '../../../contracts/messaging';
import { messages } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { organizationForWrite } from '../../platform/tenancy';
import { claimDraft, deliverClaimed, type MessagingDeps } from './deliver-message';
import { toMessageResponse } from './message-response';

export async function createMessage(deps: MessagingDeps, ctx: RequestContext, body: CreateMessageBody): Promise<Message> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  // Stored as a draft first: should every delivery fail, it stays behind to be sent again.
  const [row] = await deps.db
    .insert(messages)
    .values({
      organizationId,
      subject: body.subject,
      content: body.content,
      recipients: body.recipients,
      type: body.type,
      status: 'draft',
      createdBy: ctx.user.id,
    })
    .returning();
  if (body.status !== 'sent') return toMessageResponse(row);
  return deliverClaimed(deps, await claimDraft(deps.db, row.id));
}
