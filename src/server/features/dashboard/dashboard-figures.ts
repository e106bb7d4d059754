// The dashboard's counts and sums: the kept organization figures, and aggregates over what changed since the comparison
// instant (docs/decisions/023-organization-figures.md); no rows loaded.
import { eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_WORK_ORDER_STATUSES } from '../../../contracts/dashboard';
import { toCents } from '../../../contracts/money';
import { UNPAID_INVOICE_STATUSES } from '../../../contracts/payment-analytics';
import { rowsOf, type Db } from '../../db/client';
import { customers, invoices, payments, workOrders } from '../../db/schema/index';
import { at, isOwedSql, sumText } from '../documents/balance-due';
import type { OrganizationFigures } from '../figures/organization-figures';
import type { DashboardPeriod } from './dashboard-period';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

/**
 * Active work orders now (kept in organization_figures), and as they stood at the comparison instant: those active now
 * less the ones created since, plus those created by then that ended (completed or cancelled) after it. Each part reads
 * one partial index over what happened since then (work_orders_org_active_created_idx, work_orders_org_ended_idx),
 * never the organization's whole history (docs/decisions/023-organization-figures.md).
 */
export async function workOrderFigures(db: Db, scope: TenantScope, p: DashboardPeriod, kept: Promise<OrganizationFigures>) {
  const then = at(p.comparedTo);
  const endedAt = sql`coalesce(${workOrders.completedDate}, ${workOrders.updatedAt})`;
  const [figures, [createdSince], [ended]] = await Promise.all([
    kept,
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(workOrders)
      .where(tenantWhere(scope, workOrders, inArray(workOrders.status, [...ACTIVE_WORK_ORDER_STATUSES]), sql`${workOrders.createdAt} > ${then}`)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(workOrders)
      .where(tenantWhere(scope, workOrders, inArray(workOrders.status, ['completed', 'cancelled']), sql`${endedAt} > ${then}`, sql`${workOrders.createdAt} <= ${then}`)),
  ]);
  const active = figures.activeWorkOrders;
  return { active, activeThen: active - Number(createdSince?.n ?? 0) + Number(ended?.n ?? 0) };
}

/**
 * Pending Invoices: the balances due of owed invoices now and how many (kept in organization_figures: the same figure
 * as Outstanding Balance, documents/balance-due.ts), how many of them are overdue, and the same balance figure as it
 * stood at the comparison instant: the invoices created by then that were owed then (still unpaid now, or paid
 * since), each less what was paid by then.
 *
 * That last figure is worked out from what changed since then, so it costs a month of activity, not the history
 * (docs/decisions/023-organization-figures.md). With bal = total - amount_paid now and pa = completed payments received
 * after then, an owed-status invoice created by then stood at greatest(bal + pa, 0):
 *   sum over owed-status invoices created by then of greatest(bal, 0)   = owed now - those created since
 *   + sum over the ones paid since then of greatest(bal + pa, 0) - greatest(bal, 0)   (pa is 0 for the rest)
 * and an invoice paid since then, created by then, stood at greatest(bal + pa, 0).
 */
export async function invoiceFigures(db: Db, scope: TenantScope, p: DashboardPeriod, kept: Promise<OrganizationFigures>) {
  const then = at(p.comparedTo);
  const owedStatus = inArray(invoices.status, [...UNPAID_INVOICE_STATUSES]);
  const bal = sql`(${invoices.total} - ${invoices.amountPaid})`;
  // The invoice's completed payments received since then (pa.paid), read by key for each invoice of a month's range:
  // owed invoices paid towards since (last_payment_at says which) and invoices paid since.
  const paidSince = sql`(select coalesce(sum(p.amount), 0) as paid from ${payments} as p
    where p.organization_id = ${invoices.organizationId} and p.invoice_id = ${invoices.id} and p.status = 'completed' and p.received_date > ${then}) as pa`;
  const [figures, notPastDue, since] = await Promise.all([
    kept,
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(
        tenantWhere(scope, invoices, isOwedSql, eq(invoices.status, 'sent'), sql`(${invoices.dueDate} >= ${at(p.now)} or ${invoices.dueDate} is null)`),
      ),
    rowsOf<{ created_since: string; paid_since_then: string; settled_since: string }>(
      db,
      sql`select
            (select coalesce(sum(greatest(${bal}, 0)), 0) from ${invoices}
              where ${tenantWhere(scope, invoices, owedStatus, sql`${invoices.createdAt} > ${then}`)})::text as created_since,
            (select coalesce(sum(greatest(${bal} + pa.paid, 0) - greatest(${bal}, 0)), 0) from ${invoices} cross join lateral ${paidSince}
              where ${tenantWhere(scope, invoices, owedStatus, sql`${invoices.createdAt} <= ${then}`, sql`${invoices.lastPaymentAt} > ${then}`)})::text
              as paid_since_then,
            (select coalesce(sum(greatest(${bal} + pa.paid, 0)), 0) from ${invoices} cross join lateral ${paidSince}
              where ${tenantWhere(scope, invoices, eq(invoices.status, 'paid'), sql`coalesce(${invoices.paidDate}, ${invoices.updatedAt}) > ${then}`, sql`${invoices.createdAt} <= ${then}`)})::text
              as settled_since`,
    ),
  ]);
  const s = since[0];
  const owedThenCents = figures.owedBalanceCents - toCents(s?.created_since ?? '0') + toCents(s?.paid_since_then ?? '0');
  return {
    pendingCents: figures.owedBalanceCents,
    invoiceCount: figures.owedInvoices,
    overdueCount: figures.owedInvoices - Number(notPastDue[0]?.n ?? 0),
    pendingThenCents: owedThenCents + toCents(s?.settled_since ?? '0'),
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

/** Customers in all (kept in organization_figures), and new ones this month and last month up to the comparison instant. */
export async function customerFigures(db: Db, scope: TenantScope, p: DashboardPeriod, kept: Promise<OrganizationFigures>) {
  const [figures, [r]] = await Promise.all([
    kept,
    db
      .select({
        thisMonth: sql<number>`(count(*) filter (where ${customers.createdAt} >= ${at(p.monthStart)}))::int`,
        lastMonth: sql<number>`(count(*) filter (where ${customers.createdAt} <= ${at(p.comparedTo)}))::int`,
      })
      .from(customers)
      .where(tenantWhere(scope, customers, sql`${customers.createdAt} >= ${at(p.prevMonthStart)}`)),
  ]);
  return { total: figures.customers, thisMonth: Number(r?.thisMonth ?? 0), lastMonth: Number(r?.lastMonth ?? 0) };
}
