// Sends a draft: one delivery per recipient through the mail or SMS transport, each outcome stored in
// message_deliveries (docs/rules/messaging.md#delivery). The message becomes sent when at least one went out.
import { and, eq, lt, or } from 'drizzle-orm';
import { MESSAGING_MESSAGES, type Message } from '../../../contracts/messaging';
import { deliveryFailure, failureKind, type FailureKind } from '../../adapters/delivery-failure';
import type { DeliveryResult, Mailer } from '../../adapters/mail/mailer';
import type { SmsSender } from '../../adapters/sms/sms-sender';
import type { Db } from '../../db/client';
import { messageDeliveries, messages } from '../../db/schema/index';
import { conflict } from '../../platform/errors';
import { renderCustomerEmail, textParagraphs, writeToButton } from '../documents/customer-email';
import { loadBusiness, type Business } from '../documents/document-parties';
import { toMessageResponse } from './message-response';

export interface MessagingDeps {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  /** APP_URL, for the organization's logo in the HTML part. */
  config?: { appUrl: string };
}

type MessageRow = typeof messages.$inferSelect;

/** A claim older than this belongs to a process that died mid-send; the draft may be claimed again. */
const STALE_CLAIM_MS = 10 * 60 * 1000;
/** Recipients handed to the transport at once: bounded so a long list does not flood SMTP or Twilio. */
const PARALLEL_SENDS = 5;

/**
 * Marks the draft 'sending' in one conditional UPDATE, so two Send clicks (or two app instances)
 * cannot both deliver it; sentDate holds the claim time until the outcome is known.
 */
export async function claimDraft(db: Db, id: number): Promise<MessageRow> {
  const now = new Date();
  const [row] = await db
    .update(messages)
    .set({ status: 'sending', sentDate: now })
    .where(
      and(
        eq(messages.id, id),
        or(eq(messages.status, 'draft'), and(eq(messages.status, 'sending'), lt(messages.sentDate, new Date(now.getTime() - STALE_CLAIM_MS)))),
      ),
    )
    .returning();
  if (!row) throw conflict(MESSAGING_MESSAGES.alreadySent);
  return row;
}

const FAILURE_RANK: Record<FailureKind, number> = { opted_out: 0, refused: 1, unreachable: 2 };

/** E.164 for Twilio: recipients are stored as 10-digit US numbers. */
const smsAddress = (digits: string) => `+1${digits}`;

/**
 * An e-mail from Messaging as the customer receives it: from the organization by name, replies to its address,
 * and an HTML part with its name and logo around the text as written (docs/customer-emails.md).
 */
function emailOf(row: MessageRow, business: Business, appUrl: string | undefined) {
  const subject = row.subject ?? '';
  return {
    subject,
    text: row.content,
    html: renderCustomerEmail(business, appUrl, { heading: subject, paragraphs: textParagraphs(row.content), button: writeToButton(business) }),
    fromName: business.name,
    replyTo: business.email?.trim() || undefined,
    organizationId: row.organizationId,
  };
}

async function sendOne(
  deps: MessagingDeps,
  row: MessageRow,
  to: string,
  email: ReturnType<typeof emailOf> | null,
): Promise<DeliveryResult | { outboxId: null; status: 'failed'; error: string; failure: FailureKind }> {
  try {
    return !email
      ? await deps.sms.send({ to: smsAddress(to), text: row.content, organizationId: row.organizationId })
      : await deps.mailer.send({ to, ...email });
  } catch (e) {
    return { outboxId: null, status: 'failed', error: e instanceof Error ? e.message : String(e), failure: failureKind(e) };
  }
}

/**
 * Delivers a claimed message. Some recipients failing is the message's stored outcome
 * (docs/rules/messaging.md#delivery: per recipient) and answers 200; none reached leaves it a draft and answers 502 (the provider refused)
 * or 503 (it could not be reached), never a success.
 */
export async function deliverClaimed(deps: MessagingDeps, row: MessageRow): Promise<Message> {
  const { db } = deps;
  // After a crash mid-send, whoever already received it is not sent it again.
  const done = await db
    .select({ recipient: messageDeliveries.recipient })
    .from(messageDeliveries)
    .where(and(eq(messageDeliveries.messageId, row.id), eq(messageDeliveries.status, 'sent')));
  const delivered = new Set(done.map((d) => d.recipient));
  const pending = row.recipients.filter((r) => !delivered.has(r));
  let email: ReturnType<typeof emailOf> | null = null;

  let sent = delivered.size;
  let next = 0;
  // Why recipients failed: an unreachable provider decides the answer (trying again later is what helps), then a
  // refusal; a message whose every number opted out answers 409, never a provider's 502 (docs/rules/messaging.md#sms-opt-outs).
  let failed: { failure: FailureKind; error: string } | null = null;
  const worker = async () => {
    while (next < pending.length) {
      const to = pending[next++];
      const result = await sendOne(deps, row, to, email);
      const ok = result.status !== 'failed';
      if (ok) sent++;
      else {
        const failure = result.failure ?? 'refused';
        if (!failed || FAILURE_RANK[failure] > FAILURE_RANK[failed.failure]) failed = { failure, error: result.error ?? MESSAGING_MESSAGES.sendFailed };
      }
      await db.insert(messageDeliveries).values({
        organizationId: row.organizationId,
        messageId: row.id,
        recipient: to,
        channel: row.type === 'sms' ? 'sms' : 'email',
        status: ok ? 'sent' : 'failed',
        error: result.error ?? null,
        outboxId: result.outboxId,
        sentAt: ok ? new Date() : null,
      });
    }
  };
  try {
    if (row.type !== 'sms') email = emailOf(row, await loadBusiness(db, row.organizationId), deps.config?.appUrl);
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, pending.length) }, worker));
  } catch (e) {
    // Recording failed (the database went away): give the draft back rather than leave it claimed.
    if (sent === 0) await db.update(messages).set({ status: 'draft', sentDate: null }).where(eq(messages.id, row.id));
    throw e;
  }

  if (sent === 0) {
    await db.update(messages).set({ status: 'draft', sentDate: null }).where(eq(messages.id, row.id));
    throw deliveryFailure(row.type === 'sms' ? 'sms' : 'email', failed ?? { failure: 'refused', error: MESSAGING_MESSAGES.sendFailed });
  }
  const [final] = await db.update(messages).set({ status: 'sent', sentDate: new Date() }).where(eq(messages.id, row.id)).returning();
  return toMessageResponse(final);
}
