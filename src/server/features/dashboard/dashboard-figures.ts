// The dashboard's counts and sums: one aggregate query per table (count/sum with FILTER), no rows loaded.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_WORK_ORDER_STATUSES } from '../../../contracts/dashboard';
import { toCents } from '../../../contracts/money';
import { UNPAID_INVOICE_STATUSES } from '../../../contracts/payment-analytics';
import type { Db } from '../../db/client';
import { customers, invoices, payments, workOrders } from '../../db/schema/index';
import { at, balanceDueSql, isOwedPastDue, owedInvoices, paidOfInvoice, paidPerInvoice, sumText, type ScopeOf } from '../documents/balance-due';
import type { DashboardPeriod } from './dashboard-period';

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

/**
 * Pending Invoices: the balances due of owed invoices now (documents/balance-due.ts, the same figure as Outstanding
 * Balance), how many of them are overdue, and the same balance figure as it stood at the comparison instant.
 */
export async function invoiceFigures(db: Db, scope: ScopeOf, p: DashboardPeriod) {
  const owed = owedInvoices(db, scope);
  const paidThen = paidPerInvoice(db, scope(payments.organizationId), p.comparedTo);
  const pendingThen = sql`(${invoices.createdAt} <= ${at(p.comparedTo)} and (${inArray(invoices.status, [...UNPAID_INVOICE_STATUSES])} or (${eq(invoices.status, 'paid')} and coalesce(${invoices.paidDate}, ${invoices.updatedAt}) > ${at(p.comparedTo)})))`;
  const [[r], [then]] = await Promise.all([
    db
      .select({
        pendingTotal: sumText(sql`sum(${owed.balanceDue})`),
        invoiceCount: sql<number>`count(*)::int`,
        overdueCount: sql<number>`(count(*) filter (where ${isOwedPastDue(owed, p.now)}))::int`,
      })
      .from(owed),
    db
      .select({ pendingThenTotal: sumText(sql`sum(${balanceDueSql(paidThen)}) filter (where ${pendingThen})`) })
      .from(invoices)
      .leftJoin(paidThen, paidOfInvoice(paidThen))
      .where(and(scope(invoices.organizationId), inArray(invoices.status, [...UNPAID_INVOICE_STATUSES, 'paid']))),
  ]);
  return {
    pendingCents: toCents(r?.pendingTotal ?? '0'),
    invoiceCount: Number(r?.invoiceCount ?? 0),
    overdueCount: Number(r?.overdueCount ?? 0),
    pendingThenCents: toCents(then?.pendingThenTotal ?? '0'),
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
