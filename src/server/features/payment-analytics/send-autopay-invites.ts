// Send Invites: an auto-pay invitation to each customer who prefers card but has no auto-pay (docs/rules/money-and-payments.md#recommended-actions), at most
// once in ACTION_REPEAT_HOURS hours (invite-set.ts, docs/decisions/017-money-figures.md).
import { and, eq, sql } from 'drizzle-orm';
import type { AnalyticsActionBody, SendAutoPayInvitesResult } from '../../../contracts/payment-analytics';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { scopeFilter, tenantScopeForWrite } from '../../platform/tenancy';
import { inviteSetFigures, isReadyForInvite } from './invite-set';
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
  now = new Date(),
): Promise<SendAutoPayInvitesResult> {
  const { db } = deps;
  const scope = tenantScopeForWrite(ctx, body.organizationId);
  const { organizationId } = scope;
  const inOrganization = scopeFilter(scope, customers.organizationId);
  // The claim is one UPDATE: a second click or tab waits on the same rows, then finds them invited and skips them.
  // updated_at stays: an invitation is not a change to the customer's record.
  const { all, invites } = await inviteSetFigures(db, scope, now);
  const invitees = await db
    .update(customers)
    .set({ autopayInvitedAt: now, updatedAt: sql`${customers.updatedAt}` })
    .where(and(inOrganization, isReadyForInvite(now)))
    .returning({ id: customers.id, name: customers.name, email: customers.email });
  invitees.sort((a, b) => a.id - b.id);

  const result: SendAutoPayInvitesResult = {
    sent: 0,
    skippedWithoutEmail: invites.withoutEmail,
    // Whoever was not ours to invite (and has an address) was invited recently, by this tab or another.
    skippedRecent: Math.max(0, all - invites.withoutEmail - invitees.length),
    failed: 0,
  };
  if (invitees.length === 0) return result;
  const sender = await loadSender(db, organizationId);
  for (const c of invitees) {
    const { subject, text } = buildAutoPayInvite(c.name, sender);
    const delivery = await sendRecordedEmail(deps, ctx, { organizationId, to: c.email!.trim(), subject, text, replyTo: sender.email }, async (tx, outcome) => {
      // A failed e-mail releases the customer: the next Send Invites tries again.
      if (!outcome.sent) {
        await tx
          .update(customers)
          .set({ autopayInvitedAt: null, updatedAt: sql`${customers.updatedAt}` })
          .where(and(inOrganization, eq(customers.id, c.id), eq(customers.autopayInvitedAt, now)));
      }
    });
    // One answer for many customers: each outcome is stored and counted, not thrown (docs/payments.md).
    if (delivery.status !== 'failed') result.sent++;
    else result.failed++;
  }
  return result;
}
