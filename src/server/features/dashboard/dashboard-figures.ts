// The dashboard's counts and sums: one aggregate query per table (count/sum with FILTER), no rows loaded.
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_WORK_ORDER_STATUSES } from '../../../contracts/dashboard';
import { toCents } from '../../../contracts/money';
import { UNPAID_INVOICE_STATUSES } from '../../../contracts/payment-analytics';
import type { Db } from '../../db/client';
import { customers, invoices, payments, workOrders } from '../../db/schema/index';
import { at, balanceDueSql, balanceThenSql, isOwedSql, paidAfter, paidAfterOfInvoice, pastDueSql, sumText } from '../documents/balance-due';
import type { DashboardPeriod } from './dashboard-period';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

/**
 * Active work orders now, and as they stood at the comparison instant: those created by then that are still active,
 * plus those created by then that ended (completed or cancelled) after it. Each part reads one partial index
 * (work_orders_org_active_created_idx, work_orders_org_ended_idx), never the organization's whole history.
 */
export async function workOrderFigures(db: Db, scope: TenantScope, p: DashboardPeriod) {
  const then = at(p.comparedTo);
  const endedAt = sql`coalesce(${workOrders.completedDate}, ${workOrders.updatedAt})`;
  const [[active], [ended]] = await Promise.all([
    db
      .select({
        now: sql<number>`count(*)::int`,
        then: sql<number>`(count(*) filter (where ${workOrders.createdAt} <= ${then}))::int`,
      })
      .from(workOrders)
      .where(tenantWhere(scope, workOrders, inArray(workOrders.status, [...ACTIVE_WORK_ORDER_STATUSES]))),
    db
      .select({ then: sql<number>`count(*)::int` })
      .from(workOrders)
      .where(tenantWhere(scope, workOrders, inArray(workOrders.status, ['completed', 'cancelled']), sql`${endedAt} > ${then}`, sql`${workOrders.createdAt} <= ${then}`)),
  ]);
  return { active: Number(active?.now ?? 0), activeThen: Number(active?.then ?? 0) + Number(ended?.then ?? 0) };
}

/**
 * Pending Invoices: the balances due of owed invoices now (documents/balance-due.ts, the same figure as Outstanding
 * Balance), how many of them are overdue, and the same balance figure as it stood at the comparison instant: the
 * invoices created by then that were owed then (still unpaid now, or paid since), each less what was paid by then.
 */
export async function invoiceFigures(db: Db, scope: TenantScope, p: DashboardPeriod) {
  const then = at(p.comparedTo);
  const balanceThen = () => {
    const paid = paidAfter(db, scope, p.comparedTo);
    return { paid, sum: (filter?: SQL) => sumText(sql`sum(${balanceThenSql(paid)})${filter ? sql` filter (where ${filter})` : sql``}`) };
  };
  // The invoices in an owed status are read once for both moments: owed now (documents/balance-due.ts, the same
  // figure as Outstanding Balance) and, of those created by then, the balance as it stood then.
  const unpaid = balanceThen();
  const paidSince = balanceThen();
  const pastDue = pastDueSql(invoices.status, invoices.dueDate, p.now);
  const [[r], [settledSince]] = await Promise.all([
    db
      .select({
        pendingTotal: sumText(sql`sum(${balanceDueSql}) filter (where ${isOwedSql})`),
        invoiceCount: sql<number>`(count(*) filter (where ${isOwedSql}))::int`,
        overdueCount: sql<number>`(count(*) filter (where ${isOwedSql} and ${pastDue}))::int`,
        stillUnpaidThen: unpaid.sum(sql`${invoices.createdAt} <= ${then}`),
      })
      .from(invoices)
      .leftJoin(unpaid.paid, paidAfterOfInvoice(unpaid.paid))
      .where(tenantWhere(scope, invoices, inArray(invoices.status, [...UNPAID_INVOICE_STATUSES]))),
    db
      .select({ total: paidSince.sum() })
      .from(invoices)
      .leftJoin(paidSince.paid, paidAfterOfInvoice(paidSince.paid))
      .where(
        tenantWhere(
          scope,
          invoices,
          eq(invoices.status, 'paid'),
          sql`coalesce(${invoices.paidDate}, ${invoices.updatedAt}) > ${then}`,
          sql`${invoices.createdAt} <= ${then}`,
        ),
      ),
  ]);
  return {
    pendingCents: toCents(r?.pendingTotal ?? '0'),
    invoiceCount: Number(r?.invoiceCount ?? 0),
    overdueCount: Number(r?.overdueCount ?? 0),
    pendingThenCents: toCents(r?.stillUnpaidThen ?? '0') + toCents(settledSince?.total ?? '0'),
  };
}

/** Completed payments of this month, and of the previous month up to the comparison instant. */
export async function revenueFigures(db: Db, scope: TenantScope, p: DashboardPeriod) {
  const [r] = await db
    .select({
      thisMonth: sumText(sql`sum(${payments.amount}) filter (where ${payments.receivedDate} >= ${at(p.monthStart)})`),
      lastMonth: sumText(sql`sum(${payments.amount}) filter (where ${payments.receivedDate} <= ${at(p.comparedTo)})`),
    })
    .from(payments)
    .where(
      tenantWhere(
        scope,
        payments,
        eq(payments.status, 'completed'),
        sql`${payments.receivedDate} >= ${at(p.prevMonthStart)}`,
        sql`${payments.receivedDate} < ${at(p.nextMonthStart)}`,
      ),
    );
  return { thisMonthCents: toCents(r?.thisMonth ?? '0'), lastMonthCents: toCents(r?.lastMonth ?? '0') };
}

export async function customerFigures(db: Db, scope: TenantScope, p: DashboardPeriod) {
  const [r] = await db
    .select({
      total: sql<number>`count(*)::int`,
      thisMonth: sql<number>`(count(*) filter (where ${customers.createdAt} >= ${at(p.monthStart)}))::int`,
      lastMonth: sql<number>`(count(*) filter (where ${customers.createdAt} >= ${at(p.prevMonthStart)} and ${customers.createdAt} <= ${at(p.comparedTo)}))::int`,
    })
    .from(customers)
    .where(tenantWhere(scope, customers));
  return { total: Number(r?.total ?? 0), thisMonth: Number(r?.thisMonth ?? 0), lastMonth: Number(r?.lastMonth ?? 0) };
}
