// Sends the review requests that fell due (docs/rules/messaging.md#review-requests), each exactly once, however many
// app instances run the job. One statement claims a batch (FOR UPDATE SKIP LOCKED): it moves each row's due time past
// a lease and writes "interrupted" into its error first, so a worker that dies mid-send leaves a row that the next
// claim recognises and fails instead of sending a second time. The send happens outside any transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/mailer';
import { toE164 } from '../../adapters/sms/e164';
import { isOptedOut, OPTED_OUT_ERROR } from '../../adapters/sms/opt-outs';
import type { SmsSender } from '../../adapters/sms/sms-sender';
import { rowsOf, type Db } from '../../db/client';
import { customers, organizations, reviewRequests, reviewRequestSettings, workOrders } from '../../db/schema/index';
import { loadBusiness } from '../documents/document-parties';
import { reviewEmail, reviewSms } from './review-message';
import { toStoredReviewSettings } from './review-request-settings';

export interface ReviewTransports {
  mailer: Pick<Mailer, 'send'>;
  sms: Pick<SmsSender, 'send'>;
  /** APP_URL, for the organization's logo in the e-mail. */
  appUrl: string;
}

/** sent / skipped / failed: the row's outcome; withdrawn: the job was reopened, so the row is gone. */
export type ReviewOutcome = 'sent' | 'skipped' | 'failed' | 'withdrawn';

/** How long a claimed row is this worker's before another would see it again (and fail it as interrupted). */
export const CLAIM_MS = 5 * 60_000;
export const INTERRUPTED = 'Interrupted while sending: not sent again, so the customer is never asked twice';

export const REVIEW_SKIP_REASONS = {
  off: 'Review requests were turned off',
  noPhone: 'The customer has no mobile number SMS can reach',
  noEmail: 'The customer has no e-mail address',
  noContact: 'The customer has no mobile number SMS can reach and no e-mail address',
  noCustomer: 'The job has no customer',
} as const;

interface Claimed {
  id: number;
  organization_id: number;
  work_order_id: number;
  previous_error: string | null;
}

export async function claimReviewRequests(db: Db, now: Date, batch: number): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    db,
    sql`with due as (
          select id, error from ${reviewRequests}
          where status = 'pending' and due_at <= ${now.toISOString()}::timestamptz
          order by due_at, id limit ${batch} for update skip locked
        )
        update ${reviewRequests} r set due_at = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz, error = ${INTERRUPTED}
        from due where r.id = due.id
        returning r.id, r.organization_id, r.work_order_id, due.error as previous_error`,
  );
}

async function finish(db: Db, id: number, values: { status: 'sent' | 'skipped' | 'failed'; channel?: string | null; error: string | null }): Promise<ReviewOutcome> {
  await db
    .update(reviewRequests)
    .set({ ...values, ...(values.status === 'sent' ? { sentAt: new Date() } : {}) })
    .where(and(eq(reviewRequests.id, id), eq(reviewRequests.status, 'pending')));
  return values.status;
}

/** Sends one claimed request, or says why not, and records the outcome on its row. */
export async function deliverReviewRequest(db: Db, transports: ReviewTransports, claimed: Claimed): Promise<ReviewOutcome> {
  if (claimed.previous_error === INTERRUPTED) return finish(db, claimed.id, { status: 'failed', error: INTERRUPTED });
  const orgId = claimed.organization_id;
  const [found] = await db
    .select({ status: workOrders.status, customer: customers, settings: reviewRequestSettings, orgName: organizations.name, orgEmail: organizations.email })
    .from(workOrders)
    .innerJoin(organizations, eq(organizations.id, workOrders.organizationId))
    .leftJoin(customers, and(eq(customers.organizationId, workOrders.organizationId), eq(customers.id, workOrders.customerId)))
    .leftJoin(reviewRequestSettings, eq(reviewRequestSettings.organizationId, workOrders.organizationId))
    .where(and(eq(workOrders.organizationId, orgId), eq(workOrders.id, claimed.work_order_id)));
  // Reopened before the request went out: nothing was asked, and completing it again starts a new wait.
  if (!found || found.status !== 'completed') {
    await db.delete(reviewRequests).where(and(eq(reviewRequests.id, claimed.id), eq(reviewRequests.status, 'pending')));
    return 'withdrawn';
  }
  const settings = toStoredReviewSettings(found.settings ?? undefined);
  if (!settings.enabled || !settings.link) return finish(db, claimed.id, { status: 'skipped', error: REVIEW_SKIP_REASONS.off });
  const customer = found.customer;
  if (!customer) return finish(db, claimed.id, { status: 'skipped', error: REVIEW_SKIP_REASONS.noCustomer });

  const phone = toE164(customer.phone);
  const textable = phone !== null && !(await isOptedOut(db, phone));
  const email = customer.email?.trim() || null;
  const subject = { customerName: customer.name, organizationName: found.orgName, link: settings.link, message: settings.message };
  const smsNote = phone ? OPTED_OUT_ERROR : REVIEW_SKIP_REASONS.noPhone;

  const byEmail = async (to: string) => {
    const mail = reviewEmail(subject, await loadBusiness(db, orgId), transports.appUrl);
    return transports.mailer.send({ to, ...mail, organizationId: orgId, fromName: found.orgName, replyTo: found.orgEmail?.trim() || undefined });
  };

  let channel: 'sms' | 'email';
  let result;
  try {
    if (textable && settings.channel !== 'email') {
      channel = 'sms';
      result = await transports.sms.send({ to: phone, text: reviewSms(subject), organizationId: orgId });
      // Opted out between the check and the send: an e-mail instead, when that is allowed.
      if (result.failure === 'opted_out' && settings.channel === 'sms_then_email' && email) {
        channel = 'email';
        result = await byEmail(email);
      }
    } else if (email && settings.channel !== 'sms') {
      channel = 'email';
      result = await byEmail(email);
    } else {
      const why = settings.channel === 'sms' ? smsNote : settings.channel === 'email' ? REVIEW_SKIP_REASONS.noEmail : phone ? `${OPTED_OUT_ERROR}, and there is no e-mail address` : REVIEW_SKIP_REASONS.noContact;
      return finish(db, claimed.id, { status: 'skipped', error: why });
    }
  } catch (err) {
    return finish(db, claimed.id, { status: 'failed', error: (err instanceof Error ? err.message : String(err)) || 'Delivery failed' });
  }
  if (result.failure === 'opted_out') return finish(db, claimed.id, { status: 'skipped', channel, error: OPTED_OUT_ERROR });
  if (result.status === 'failed') return finish(db, claimed.id, { status: 'failed', channel, error: result.error || 'Delivery failed' });
  return finish(db, claimed.id, { status: 'sent', channel, error: null });
}
