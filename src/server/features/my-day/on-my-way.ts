// "On my way" (docs/rules/team.md#my-day): the person on a visit gives the minutes to arrival; the customer is told
// once by text (or e-mail) with the expected time on the organization's clock. A repeat within the window moves the
// time without a second message; a message the provider did not take leaves the visit as it was (502/503).
import { and, eq } from 'drizzle-orm';
import { clockTime, MY_DAY_LIMITS, MY_DAY_MESSAGES, onMyWayText, senderPhrase, type OnMyWayResult } from '../../../contracts/my-day';
import { deliveryFailure } from '../../adapters/delivery-failure';
import type { DeliveryResult } from '../../adapters/mail/mailer';
import { appointments } from '../../db/schema/index';
import type { AppDeps } from '../../platform/app-deps';
import type { RequestContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { renderCustomerEmail, writeToButton } from '../documents/customer-email';
import { loadBusiness } from '../documents/document-parties';
import { closedReason, organizationTimeZone, ownVisit, visitView } from './my-day-view';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'sms'> & { config: Pick<AppDeps['config'], 'appUrl'> };

export async function onMyWay(deps: Deps, ctx: RequestContext, appointmentId: number, etaMinutes: number): Promise<OnMyWayResult> {
  const { db } = deps;
  const { row, visit } = await ownVisit(db, ctx, appointmentId);
  const organizationId = row.organizationId;
  const where = tenantWhere(tenantScope(ctx), appointments, eq(appointments.id, appointmentId));

  // The row lock makes the choice (message or repeat) once per window, however many calls arrive together.
  const claim = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: appointments.status, onMyWayAt: appointments.onMyWayAt, expectedArrivalAt: appointments.expectedArrivalAt, startedAt: appointments.startedAt, completedAt: appointments.completedAt })
      .from(appointments)
      .where(where)
      .limit(1)
      .for('update');
    const closed = closedReason(current.status, current.completedAt);
    if (closed) throw conflict(closed);
    if (current.startedAt) throw conflict(MY_DAY_MESSAGES.started);
    const now = new Date();
    const arrival = new Date(now.getTime() + etaMinutes * 60_000);
    const recent = current.onMyWayAt !== null && now.getTime() - current.onMyWayAt.getTime() < MY_DAY_LIMITS.repeatWindowMinutes * 60_000;
    if (recent) {
      await tx.update(appointments).set({ expectedArrivalAt: arrival }).where(where);
      return { send: false as const, arrival };
    }
    await tx.update(appointments).set({ onMyWayAt: now, expectedArrivalAt: arrival }).where(where);
    return { send: true as const, arrival, now, previous: { onMyWayAt: current.onMyWayAt, expectedArrivalAt: current.expectedArrivalAt } };
  });

  const notify = visit.notify;
  if (!claim.send || !notify) {
    return { visit: await visitView(db, ctx, appointmentId), message: claim.send ? 'none' : 'repeat', notify };
  }

  // Sent outside the transaction: a slow SMTP server or Twilio never holds the row.
  const timeZone = await organizationTimeZone(db, organizationId);
  const business = await loadBusiness(db, organizationId);
  const from = senderPhrase(ctx.user.firstName, business.name);
  const text = onMyWayText(from, clockTime(claim.arrival, timeZone));
  const email = (to: string) =>
    deps.mailer.send({
      to,
      subject: `${from} is on the way`,
      text: [`Hello ${visit.customerName ?? ''}`.trim() + ',', '', text, ...(business.phone ? ['', `Questions? Call ${business.name}: ${business.phone}`] : [])].join('\n'),
      html: renderCustomerEmail(business, deps.config.appUrl, {
        heading: 'On the way',
        paragraphs: [`Hello ${visit.customerName ?? ''}`.trim() + ',', text],
        button: writeToButton(business),
      }),
      organizationId,
      fromName: business.name,
      replyTo: business.email?.trim() || undefined,
    });
  let result: DeliveryResult;
  let told = notify;
  try {
    result = notify.channel === 'sms' ? await deps.sms.send({ to: notify.to, text, organizationId }) : await email(notify.to);
    // A number that answered STOP gets no text (docs/rules/messaging.md#sms-opt-outs): an e-mail instead, when the visit has an address.
    if (result.failure === 'opted_out' && visit.customerEmail) {
      told = { channel: 'email', to: visit.customerEmail };
      result = await email(told.to);
    }
  } catch (err) {
    await undo(deps, where, claim.now, claim.previous);
    throw err;
  }
  if (result.status === 'failed') {
    // Not told: the visit is left as it was, so the screen does not claim it and the next tap tries again at once.
    await undo(deps, where, claim.now, claim.previous);
    throw deliveryFailure(told.channel, result);
  }
  return { visit: await visitView(db, ctx, appointmentId), message: 'sent', notify: told };
}

/** Puts back the times this call set, unless another call has set them since. */
async function undo(deps: Deps, where: ReturnType<typeof tenantWhere>, claimedAt: Date, previous: { onMyWayAt: Date | null; expectedArrivalAt: Date | null }) {
  await deps.db
    .update(appointments)
    .set(previous)
    .where(and(where, eq(appointments.onMyWayAt, claimedAt)));
}
