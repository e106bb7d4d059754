// The dashboard's counts and sums: one aggregate query per table (count/sum with FILTER), no rows loaded.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_WORK_ORDER_STATUSES, PENDING_INVOICE_STATUSES } from '../../../contracts/dashboard';
import { toCents } from '../../../contracts/money';
import type { Db } from '../../db/client';
import { customers, invoices, payments, workOrders } from '../../db/schema/index';
import type { DashboardPeriod } from './dashboard-period';

/** A bound instant (ISO text cast in SQL, the same on PGlite and PostgreSQL). */
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** numeric sums travel as text and are read into cents. */
const sumText = (expr: SQL) => sql<string>`coalesce(${expr}, 0)::text`;

export async function workOrderFigures(db: Db, scope: SQL | undefined, p: DashboardPeriod) {
  const activeNow = inArray(workOrders.status, [...ACTIVE_WORK_ORDER_STATUSES]);
  const endedAfterThen = sql`(${inArray(workOrders.status, ['completed', 'cancelled'])} and coalesce(${workOrders.completedDate}, ${workOrders.updatedAt}) > ${at(p.comparedTo)})`;
  const [r] = await db
    .select({
      active: sql<number>`(count(*) filter (where ${activeNow}))::int`,
      activeThen: sql<number>`(count(*) filter (where ${workOrders.createdAt} <= ${at(p.comparedTo)} and (${activeNow} or ${endedAfterThen})))::int`,
    })
    .from(workOrders)
    .where(scope);
  return { active: Number(r?.active ?? 0), activeThen: Number(r?.activeThen ?? 0) };
}

export async function invoiceFigures(db: Db, scope: SQL | undefined, p: DashboardPeriod) {
  const pending = inArray(invoices.status, [...PENDING_INVOICE_STATUSES]);
  const overdue = sql`(${eq(invoices.status, 'overdue')} or ${invoices.dueDate} < ${at(p.now)})`;
  const paidAfterThen = sql`(${eq(invoices.status, 'paid')} and coalesce(${invoices.paidDate}, ${invoices.updatedAt}) > ${at(p.comparedTo)})`;
  const [r] = await db
    .select({
      pendingTotal: sumText(sql`sum(${invoices.total}) filter (where ${pending})`),
      overdueCount: sql<number>`(count(*) filter (where ${pending} and ${overdue}))::int`,
      pendingThenTotal: sumText(sql`sum(${invoices.total}) filter (where ${invoices.createdAt} <= ${at(p.comparedTo)} and (${pending} or ${paidAfterThen}))`),
    })
    .from(invoices)
    .where(scope);
  return {
    pendingCents: toCents(r?.pendingTotal ?? '0'),
    overdueCount: Number(r?.overdueCount ?? 0),
    pendingThenCents: toCents(r?.pendingThenTotal ?? '0'),
  };
}

/** Completed payments of this month, and of the previous month up to the comparison instant. */
export async function revenueFigures(db: Db, scope: SQL | undefined, p: DashboardPeriod) {
  const [r] = await db
    .select({
      thisMonth: sumText(sql`sum(${payments.amount}) filter (where ${payments.receivedDate} >= ${at(p.monthStart)})`),
      lastMonth: sumText(sql`sum(${payments.amount}) filter (where ${payments.receivedDate} <= ${at(p.comparedTo)})`),
    })
    .from(payments)
    .where(
      and(
        scope,
        eq(payments.status, 'completed'),
        sql`${payments.receivedDate} >= ${at(p.prevMonthStart)}`,
        sql`${payments.receivedDate} < ${at(p.nextMonthStart)}`,
      ),
    );
  return { thisMonthCents: toCents(r?.thisMonth ?? '0'), lastMonthCents: toCents(r?.lastMonth ?? '0') };
}

export async function customerFigures(db: Db, scope: SQL | undefined, p: DashboardPeriod) {
  const [r] = await db
    .select({
      total: sql<number>`count(*)::int`,
      thisMonth: sql<number>`(count(*) filter (where ${customers.createdAt} >= ${at(p.monthStart)}))::int`,
      lastMonth: sql<number>`(count(*) filter (where ${customers.createdAt} >= ${at(p.prevMonthStart)} and ${customers.createdAt} <= ${at(p.comparedTo)}))::int`,
    })
    .from(customers)
    .where(scope);
  return { total: Number(r?.total ?? 0), thisMonth: Number(r?.thisMonth ?? 0), lastMonth: Number(r?.lastMonth ?? 0) };
}
