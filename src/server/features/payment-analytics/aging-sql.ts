// How old an owed invoice is, in SQL: one definition for the aging report, the overdue card and reminders. The
// invoices are the owed ones with their balance due (documents/balance-due.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AGING_BUCKET_LAST_DAY, AGING_BUCKETS, type AgingBucket } from '../../../contracts/payment-analytics';
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

/** The instant a bucket's last day ends before: an invoice due at or before it is past that bucket. */
const pastBucket = (bucket: Exclude<AgingBucket, 'over90'>, now: Date) => new Date(now.getTime() - (AGING_BUCKET_LAST_DAY[bucket] + 1) * DAY_MS);

/**
 * A bucket as a range of due dates, so a page of it reads the due-date index in order and stops: due after the
 * next bucket's bound and at or before the previous one's (floor(days) >= n exactly when due <= now - n days, as
 * isOverdueBeyondCurrent). No due date counts as current.
 */
export function agingBucketWhere(dueDate: PgColumn | SQL, bucket: AgingBucket, now: Date): SQL {
  const i = AGING_BUCKETS.indexOf(bucket);
  const newer = i > 0 ? sql`${dueDate} <= ${at(pastBucket(AGING_BUCKETS[i - 1] as Exclude<AgingBucket, 'over90'>, now))}` : undefined;
  const older = bucket === 'over90' ? undefined : sql`${dueDate} > ${at(pastBucket(bucket, now))}`;
  if (bucket === 'current') return sql`(${dueDate} is null or ${older})`;
  return newer && older ? sql`(${newer} and ${older})` : sql`(${newer})`;
}

/** The bucket's key of an owed invoice, in SQL, from the same bounds (grouping the totals). */
export function agingBucketSql(dueDate: PgColumn | SQL, now: Date): SQL<AgingBucket> {
  const whens = AGING_BUCKETS.filter((b): b is Exclude<AgingBucket, 'over90'> => b !== 'over90').map(
    (b) => sql`when ${dueDate} > ${at(pastBucket(b, now))} then ${b}`,
  );
  return sql<AgingBucket>`(case when ${dueDate} is null then 'current' ${sql.join(whens, sql` `)} else 'over90' end)`;
}
