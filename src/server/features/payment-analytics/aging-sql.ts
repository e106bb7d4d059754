// How old an owed invoice is, in SQL: one definition for the aging report, the overdue card and reminders. The
// invoices are the owed ones with their balance due (documents/balance-due.ts).
import { sql } from 'drizzle-orm';
import { AGING_BUCKET_LAST_DAY, type AgingBucket } from '../../../contracts/payment-analytics';
import { at, type OwedInvoices } from '../documents/balance-due';

export const DAY_MS = 86_400_000;

/** Whole days past the due date as of now; 0 when not yet due or without a due date. */
export const daysOverdueSql = (owed: OwedInvoices, now: Date) =>
  sql<number>`coalesce(greatest(0, floor(extract(epoch from (${at(now)} - ${owed.dueDate})) / 86400)), 0)::int`;

/**
 * More than 30 days past due (the 31-60 bucket onwards). Written as a bound on the due date: floor(days) >= 31
 * exactly when due <= now - 31 days.
 */
export const isOverdueBeyondCurrent = (owed: OwedInvoices, now: Date) =>
  sql`(${owed.dueDate} <= ${at(new Date(now.getTime() - (AGING_BUCKET_LAST_DAY.current + 1) * DAY_MS))})`;

export function agingBucketOf(daysOverdue: number): AgingBucket {
  if (daysOverdue <= AGING_BUCKET_LAST_DAY.current) return 'current';
  if (daysOverdue <= AGING_BUCKET_LAST_DAY.days30) return 'days30';
  if (daysOverdue <= AGING_BUCKET_LAST_DAY.days60) return 'days60';
  if (daysOverdue <= AGING_BUCKET_LAST_DAY.days90) return 'days90';
  return 'over90';
}
