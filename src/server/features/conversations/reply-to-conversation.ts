// Staff answer from a thread, or text a customer first (docs/rules/messaging.md#conversations). The text goes through
// the SMS sender like every other, which refuses an opted-out number and keeps the text in the thread; a number
// known to have opted out is refused before anything is tried (409), and a provider's failure answers 502/503
// (ADR 007) with the failed text left in the thread.
import { and, eq, sql } from 'drizzle-orm';
import { CONVERSATION_MESSAGES, type ReplyResult, type StartConversationBody } from '../../../contracts/conversations';
import { deliveryFailure } from '../../adapters/delivery-failure';
import { toE164 } from '../../adapters/sms/e164';
import { isOptedOut } from '../../adapters/sms/opt-outs';
import { previewOf } from '../../adapters/sms/thread-copy';
import { rowsOf } from '../../db/client';
import { customers, smsConversationMessages, smsConversations } from '../../db/schema/index';
import type { AppDeps } from '../../platform/app-deps';
import type { RequestContext } from '../../platform/context';
import { conflict, fieldInvalid, notFound } from '../../platform/errors';
import { tenantScopeForWrite, tenantWhere } from '../../platform/tenancy';
import { requireStaff } from '../messaging/message-audience';
import { conversationMessages, findConversation } from './get-conversation';
import { customerForPhone } from './route-reply';

type Deps = Pick<AppDeps, 'db' | 'sms'>;

/** Sends the text to the thread's number and answers it as the thread now shows it. */
async function sendInThread(deps: Deps, ctx: RequestContext, thread: { id: number; organizationId: number; phone: string }, body: string): Promise<ReplyResult> {
  const { db } = deps;
  if (await isOptedOut(db, thread.phone)) throw conflict(CONVERSATION_MESSAGES.optedOut);
  const result = await deps.sms.send({ to: thread.phone, text: body, organizationId: thread.organizationId, sentBy: ctx.user.id });
  // Whoever answers has read what they answer.
  await db.update(smsConversations).set({ unreadCount: 0 }).where(and(eq(smsConversations.organizationId, thread.organizationId), eq(smsConversations.id, thread.id)));
  if (result.status === 'failed') throw deliveryFailure('sms', result);
  const [kept] = await db
    .select({ id: smsConversationMessages.id })
    .from(smsConversationMessages)
    .where(and(eq(smsConversationMessages.organizationId, thread.organizationId), eq(smsConversationMessages.outboxId, result.outboxId)))
    .limit(1);
  if (!kept) throw new Error(`the text (outbox ${result.outboxId}) was not kept in conversation ${thread.id}`);
  const [message] = await conversationMessages(db, thread.organizationId, thread.id, kept.id);
  return { conversationId: thread.id, message };
}

export async function replyToConversation(deps: Deps, ctx: RequestContext, id: number, body: string): Promise<ReplyResult> {
  const thread = await findConversation(deps.db, ctx, id);
  return sendInThread(deps, ctx, thread, body);
}

/** A first text to a customer's mobile or to a number: the organization's thread with it, made when it has none. */
export async function startConversation(deps: Deps, ctx: RequestContext, input: StartConversationBody): Promise<ReplyResult> {
  requireStaff(ctx);
  const { db } = deps;
  const scope = tenantScopeForWrite(ctx, input.organizationId);
  const organizationId = scope.organizationId;
  let phone: string;
  let customerId: number | null;
  if (input.customerId) {
    const [customer] = await db
      .select({ id: customers.id, phone: customers.phone })
      .from(customers)
      .where(tenantWhere(scope, customers, eq(customers.id, input.customerId)))
      .limit(1);
    if (!customer) throw notFound(CONVERSATION_MESSAGES.customerNotFound);
    const e164 = toE164(customer.phone);
    if (!e164) throw fieldInvalid('customerId', CONVERSATION_MESSAGES.customerNoPhone);
    phone = e164;
    customerId = customer.id;
  } else {
    const e164 = toE164(input.phone);
    if (!e164) throw fieldInvalid('phone', CONVERSATION_MESSAGES.phone);
    phone = e164;
    customerId = (await customerForPhone(db, organizationId, phone))?.id ?? null;
  }
  if (await isOptedOut(db, phone)) throw conflict(CONVERSATION_MESSAGES.optedOut);
  const [thread] = await rowsOf<{ id: number }>(
    db,
    sql`insert into ${smsConversations} (organization_id, phone, customer_id, last_message_preview)
        values (${organizationId}, ${phone}, ${customerId}, ${previewOf(input.body)})
        on conflict (organization_id, phone) do update set customer_id = coalesce(${smsConversations.customerId}, excluded.customer_id)
        returning id`,
  );
  return sendInThread(deps, ctx, { id: thread.id, organizationId, phone }, input.body);
}
