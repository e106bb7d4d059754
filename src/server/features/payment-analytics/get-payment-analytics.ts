// The Payment Analytics screen's figures (DECISIONS.md replaces the fixed 28 days and 87% with real ones).
import { fromCents, toCents } from '../../../contracts/money';
import type { AnalyticsQuery, PaymentAnalytics } from '../../../contracts/payment-analytics';
import type { DbOrTx } from '../../db/client';
import { customers, invoices, paymentAttempts } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { runAll } from '../../platform/lists';
import { tenantFilter } from '../../platform/tenancy';
import { analyticsWindows, attemptFigures, customerFigures, invoiceFigures } from './analytics-figures';

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
  const [inv, att, cust] = await runAll(
    db,
    () => invoiceFigures(db, tenantFilter(ctx, invoices.organizationId, query.organizationId), w),
    () => attemptFigures(db, tenantFilter(ctx, paymentAttempts.organizationId, query.organizationId), w),
    () => customerFigures(db, tenantFilter(ctx, customers.organizationId, query.organizationId)),
  );
  const days = inv.days === null ? null : oneDecimal(inv.days);
  const previousDays = inv.previousDays === null ? null : oneDecimal(inv.previousDays);
  const percent = percentOf(att.succeeded, att.attempted);
  const previousPercent = percentOf(att.previousSucceeded, att.previousAttempted);
  const { cardWithoutAutoPay, ...customerAnalysis } = cust;
  return {
    outstandingBalance: { total: fromCents(toCents(inv.outstandingTotal)), count: inv.outstandingCount },
    overdueAmount: { total: fromCents(toCents(inv.overdueTotal)), count: inv.overdueCount },
    avgPaymentTime: { days, previousDays, changeDays: change(days, previousDays) },
    successRate: { percent, previousPercent, changePoints: change(percent, previousPercent) },
    publicLinkAttempts: { succeeded: att.linkSucceeded, attempted: att.linkAttempted },
    customerAnalysis,
    recommended: {
      overdueCustomers: inv.overdueCustomers,
      withoutPortal: cust.totalCustomers - cust.portalAccess,
      cardWithoutAutoPay,
    },
  };
}
