// Counts of what happened in the range beyond work orders and invoices: one aggregate per table.
import { eq, ne, sql } from 'drizzle-orm';
import { toCents } from '../../../contracts/money';
import type { Db } from '../../db/client';
import { appointments, customers, estimates, payments, timeEntries } from '../../db/schema/index';
import { instantInRange, wallClockInRange, type ReportRange } from './report-range';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';


const countOf = sql<number>`count(*)::int`;

/**
 * Time entries started in the range. Hours tracked (docs/rules/reports.md#report-formulas) sums finished entries (an end time
 * set), one decimal, rounded in SQL numeric so nothing is added as floats; an end before the start counts 0.
 */
export async function timeFigures(db: Db, scope: TenantScope, range: ReportRange) {
  const finished = sql`${timeEntries.endTime} is not null`;
  const seconds = sql`greatest(extract(epoch from (${timeEntries.endTime} - ${timeEntries.startTime})), 0)`;
  const [r] = await db
    .select({
      started: countOf,
      finished: sql<number>`(count(*) filter (where ${finished}))::int`,
      hours: sql<string>`round(coalesce(sum(${seconds}) filter (where ${finished}), 0)::numeric / 3600, 1)::text`,
    })
    .from(timeEntries)
    .where(tenantWhere(scope, timeEntries, instantInRange(timeEntries.startTime, range)));
  return { started: Number(r?.started ?? 0), finished: Number(r?.finished ?? 0), hours: Number(r?.hours ?? 0) };
}

export async function activityFigures(db: Db, scope: TenantScope, range: ReportRange) {
  const [[c], [e], [p], [a]] = await Promise.all([
    db
      .select({ n: countOf })
      .from(customers)
      .where(tenantWhere(scope, customers, instantInRange(customers.createdAt, range))),
    db
      .select({ n: countOf })
      .from(estimates)
      .where(tenantWhere(scope, estimates, instantInRange(estimates.createdAt, range))),
    db
      .select({ n: countOf, total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
      .from(payments)
      .where(tenantWhere(scope, payments, eq(payments.status, 'completed'), instantInRange(payments.receivedDate, range))),
    db
      .select({ n: countOf })
      .from(appointments)
      .where(tenantWhere(scope, appointments, ne(appointments.status, 'cancelled'), wallClockInRange(appointments.appointmentDate, range))),
  ]);
  return {
    customersAdded: Number(c?.n ?? 0),
    estimatesCreated: Number(e?.n ?? 0),
    paymentsReceived: Number(p?.n ?? 0),
    paymentsReceivedCents: toCents(p?.total ?? '0'),
    appointments: Number(a?.n ?? 0),
  };
}
