// One e-mail to a customer through the mailer, recorded in Messaging (a message and its delivery) so
// staff can see what went out and resend a failed one. Used by document e-mails, reminders and invites.
import { eq } from 'drizzle-orm';
import type { DeliveryResult, Mailer } from '../../adapters/mail/mailer';
import { maskSecrets } from '../../adapters/outbox/mask-secrets';
import type { Db, Tx } from '../../db/client';
import { messageDeliveries, messages, organizations } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';

export interface Sender {
  name: string;
  email: string | null;
}

export async function loadSender(db: Db, organizationId: number): Promise<Sender> {
  const [org] = await db.select({ name: organizations.name, email: organizations.email }).from(organizations).where(eq(organizations.id, organizationId));
  return { name: org?.name ?? 'Your service provider', email: org?.email?.trim() || null };
}

/**
 * Sends, then records the outcome; `alsoRecord` writes the caller's own rows in the same transaction.
 * Answers the transport's result (status 'failed', with why, when it did not take the message). `secrets` (a portal link) go to the customer only: the
 * message kept in Messaging, readable by staff with view_messages, shows a mask in their place (docs/security.md).
 */
export async function sendRecordedEmail(
  deps: { db: Db; mailer: Mailer },
  ctx: RequestContext,
  mail: {
    organizationId: number;
    to: string;
    subject: string;
    text: string;
    /** The HTML part beside the text (adapters/mail/html-email.ts); Messaging keeps the text. */
    html?: string;
    /** The sender's display name: the organization's name (adapters/mail/mailer.ts). */
    fromName?: string;
    replyTo: string | null;
    attachments?: { filename: string; content: Buffer; contentType: string }[];
    secrets?: string[];
  },
  alsoRecord?: (tx: Tx, outcome: { sent: boolean; at: Date }) => Promise<void>,
): Promise<DeliveryResult> {
  // Every customer e-mail comes from the organization by name (its address is MAIL_FROM's; replies go to Reply-To).
  const fromName = mail.fromName ?? (await loadSender(deps.db, mail.organizationId)).name;
  const result = await deps.mailer.send({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    fromName,
    organizationId: mail.organizationId,
    replyTo: mail.replyTo ?? undefined,
    attachments: mail.attachments,
    secrets: mail.secrets,
  });
  await recordDelivery(deps.db, ctx, { organizationId: mail.organizationId, channel: 'email', to: mail.to, subject: mail.subject, text: mail.text, secrets: mail.secrets }, result, alsoRecord);
  return result;
}

/**
 * Records a delivery in Messaging (the message and its delivery row) and the caller's own rows in one transaction;
 * what was sent through the mailer or the SMS sender.
 */
export async function recordDelivery(
  db: Db,
  ctx: RequestContext,
  mail: { organizationId: number; channel: 'email' | 'sms'; to: string; subject: string | null; text: string; secrets?: string[] },
  result: DeliveryResult,
  alsoRecord?: (tx: Tx, outcome: { sent: boolean; at: Date }) => Promise<void>,
): Promise<void> {
  const sent = result.status !== 'failed';
  const now = new Date();
  await db.transaction(async (tx) => {
    const [m] = await tx
      .insert(messages)
      .values({
        organizationId: mail.organizationId,
        subject: mail.subject === null ? null : maskSecrets(mail.subject, mail.secrets),
        content: maskSecrets(mail.text, mail.secrets),
        recipients: [mail.to],
        type: mail.channel,
        // A failed delivery stays a draft, so it can be sent again from Messaging.
        status: sent ? 'sent' : 'draft',
        sentDate: sent ? now : null,
        createdBy: ctx.user.id,
      })
      .returning({ id: messages.id });
    await tx.insert(messageDeliveries).values({
      organizationId: mail.organizationId,
      messageId: m.id,
      recipient: mail.to,
      channel: mail.channel,
      status: sent ? 'sent' : 'failed',
      error: result.error ?? null,
      outboxId: result.outboxId,
      sentAt: sent ? now : null,
    });
    await alsoRecord?.(tx, { sent, at: now });
  });
}
