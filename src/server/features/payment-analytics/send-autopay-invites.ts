// Send Invites: an auto-pay invitation to each customer who prefers card but has no auto-pay (DECISIONS.md).
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AnalyticsActionBody, SendAutoPayInvitesResult } from '../../../contracts/payment-analytics';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { organizationForWrite } from '../../platform/tenancy';
import { loadSender, sendRecordedEmail, type Sender } from '../messaging/send-recorded-email';

export function buildAutoPayInvite(customerName: string, sender: Sender): { subject: string; text: string } {
  const text = [
    `Hello ${customerName},`,
    '',
    `You usually pay ${sender.name} by card. With auto-pay, your saved card is charged automatically when an invoice is due, so you never have to remember a due date.`,
    '',
    `To turn on auto-pay, reply to this e-mail${sender.email ? ` or write to ${sender.email}` : ''} and we will set it up for you. You can turn it off at any time.`,
    '',
    'Thank you for your business.',
    '',
    sender.name,
  ].join('\n');
  return { subject: `Set up automatic payments with ${sender.name}`, text };
}

export async function sendAutoPayInvites(
  deps: { db: Db; mailer: Mailer },
  ctx: RequestContext,
  body: AnalyticsActionBody,
): Promise<SendAutoPayInvitesResult> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  const invitees = await deps.db
    .select({ name: customers.name, email: customers.email })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        eq(customers.preferredPaymentMethod, 'card'),
        eq(customers.autoPayEnabled, false),
        isNotNull(customers.email),
        sql`btrim(${customers.email}) <> ''`,
      ),
    )
    .orderBy(asc(customers.id));

  const result: SendAutoPayInvitesResult = { sent: 0, failed: 0 };
  if (invitees.length === 0) return result;
  const sender = await loadSender(deps.db, organizationId);
  for (const c of invitees) {
    const { subject, text } = buildAutoPayInvite(c.name, sender);
    const delivery = await sendRecordedEmail(deps, ctx, { organizationId, to: c.email!.trim(), subject, text, replyTo: sender.email });
    // One answer for many customers: each outcome is stored and counted, not thrown (docs/payments.md).
    if (delivery.status !== 'failed') result.sent++;
    else result.failed++;
  }
  return result;
}
