// How old an unpaid invoice is, in SQL: one definition for the aging report, the overdue card and reminders.
import { inArray, sql, type SQL } from 'drizzle-orm';
import { AGING_BUCKET_LAST_DAY, UNPAID_INVOICE_STATUSES, type AgingBucket } from '../../../contracts/payment-analytics';
import { invoices } from '../../db/schema/index';

export const DAY_MS = 86_400_000;

/** A bound instant (ISO text cast in SQL, the same on PGlite and PostgreSQL). */
export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** numeric sums travel as text and are read into cents. */
export const sumText = (expr: SQL) => sql<string>`coalesce(${expr}, 0)::text`;

export const isUnpaid = () => inArray(invoices.status, [...UNPAID_INVOICE_STATUSES]);

/** Whole days past the due date as of now; 0 when not yet due or without a due date. */
export const daysOverdueSql = (now: Date) =>
  sql<number>`coalesce(greatest(0, floor(extract(epoch from (${at(now)} - ${invoices.dueDate})) / 86400)), 0)::int`;

/**
 * Unpaid and more than 30 days past due (the 31-60 bucket onwards). Written as a bound on due_date so
 * the (organization, status, due date) index serves it: floor(days) >= 31 exactly when due <= now - 31 days.
 */
export const isOverdueBeyondCurrent = (now: Date) =>
  sql`(${isUnpaid()} and ${invoices.dueDate} <= ${at(new Date(now.getTime() - (AGING_BUCKET_LAST_DAY.current + 1) * DAY_MS))})`;

/** Overdue as the screens derive it: status overdue, or sent with the due date passed (part 2 section 4). */
export const isPastDue = (now: Date) =>
  sql`(${invoices.status} = 'overdue' or (${invoices.status} = 'sent' and ${invoices.dueDate} < ${at(now)}))`;

export function agingBucketOf(daysOverdue: number): AgingBucket {
  if (daysOverdue <= AGING_BUCKET_LAST_DAY.current) return 'current';
  if (daysOverdue <= AGING_BUCKET_LAST_DAY.days30) return 'days30';
  if (daysOverdue <= AGING_BUCKET_LAST_DAY.days60) return 'days60';
  if (daysOverdue <= AGING_BUCKET_LAST_DAY.days90) return 'days90';
  return 'over90';
}
