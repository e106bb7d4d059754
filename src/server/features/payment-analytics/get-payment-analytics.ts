// The Payment Analytics screen's figures (real ones instead of the original's fixed 28 days and 87%: docs/rules/money-and-payments.md#payment-analytics).
import { fromCents, toCents } from '../../../contracts/money';
import type { AnalyticsQuery, PaymentAnalytics } from '../../../contracts/payment-analytics';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { runAll } from '../../platform/lists';
import { tenantScope } from '../../platform/tenancy';
import { analyticsWindows, attemptFigures, correctionFigures,
  depositsHeldFigures, reminderResultFigures, customerFigures, owedFigures, paymentTimeFigures } from './analytics-figures';
import { inviteSetFigures } from './invite-set';
import { reminderSetFigures } from './reminder-set';

/** One decimal, half away from zero (display figures, not money). */
export function oneDecimal(value: number): number {
  const r = Math.round(Math.abs(value) * 10) / 10;
  return value < 0 && r !== 0 ? -r : r;
}

const percentOf = (part: number, whole: number): number | null => (whole === 0 ? null : oneDecimal((part * 100) / whole));
const change = (current: number | null, previous: number | null): number | null =>
  current === null || previous === null ? null : oneDecimal(current - previous);

export async function getPaymentAnalytics(db: DbOrTx, ctx: RequestContext, query: AnalyticsQuery, now = new Date()): Promise<PaymentAnalytics> {
  const w = analyticsWindows(now);
  const scope = tenantScope(ctx, query.organizationId);
  const [owed, time, att, cust, reminders, invites, corrections, deposits, results] = await runAll(
    db,
    () => owedFigures(db, scope, now),
    () => paymentTimeFigures(db, scope, w),
    () => attemptFigures(db, scope, w),
    () => customerFigures(db, scope),
    // The actions' counts come from the queries the actions run (reminder-set.ts, invite-set.ts).
    () => reminderSetFigures(db, scope, now),
    () => inviteSetFigures(db, scope, now),
    () => correctionFigures(db, scope, w),
    () => depositsHeldFigures(db, scope),
    () => reminderResultFigures(db, scope, w),
  );
  const days = time.days === null ? null : oneDecimal(time.days);
  const previousDays = time.previousDays === null ? null : oneDecimal(time.previousDays);
  const percent = percentOf(att.succeeded, att.attempted);
  const previousPercent = percentOf(att.previousSucceeded, att.previousAttempted);
  return {
    outstandingBalance: { total: fromCents(toCents(owed.outstandingTotal)), count: owed.outstandingCount },
    overdueAmount: { total: fromCents(toCents(owed.overdueTotal)), count: owed.overdueCount },
    avgPaymentTime: { days, previousDays, changeDays: change(days, previousDays) },
    successRate: { percent, previousPercent, changePoints: change(percent, previousPercent) },
    publicLinkAttempts: { succeeded: att.linkSucceeded, attempted: att.linkAttempted },
    corrections: {
      refunds: { total: fromCents(corrections.refunds.totalCents), count: corrections.refunds.count },
      creditNotes: { total: fromCents(corrections.creditNotes.totalCents), count: corrections.creditNotes.count },
    },
    depositsHeld: { total: fromCents(deposits.totalCents), count: deposits.count },
    reminderResults: {
      collected: { total: fromCents(results.collected.totalCents), count: results.collected.count },
      remindersSent: results.remindersSent,
      lateFees: { total: fromCents(results.lateFees.totalCents), count: results.lateFees.count },
      autoPay: { total: fromCents(results.autoPay.totalCents), count: results.autoPay.count },
    },
    customerAnalysis: cust,
    recommended: {
      overdueCustomers: reminders.overdueCustomers,
      reminders: reminders.reminders,
      withoutPortal: cust.totalCustomers - cust.portalAccess,
      cardWithoutAutoPay: invites.all,
      invites: invites.invites,
    },
  };
}
