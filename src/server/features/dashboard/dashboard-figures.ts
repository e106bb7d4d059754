// The dashboard's counts and sums in one statement: the kept organization figures, and aggregates over what changed
// since the comparison instant (docs/decisions/023-organization-figures.md). One round trip instead of eight; each part
// a scalar subquery reading one index range, no rows loaded.
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ACTIVE_WORK_ORDER_STATUSES } from '../../../contracts/dashboard';
import { toCents } from '../../../contracts/money';
import { UNPAID_INVOICE_STATUSES } from '../../../contracts/payment-analytics';
import { rowsOf, type Db } from '../../db/client';
import { creditNotes, customers, invoices, payments, workOrders } from '../../db/schema/index';
import { at, isOwedSql, notPastDueSql } from '../documents/balance-due';
import { compactIfMany, keptFiguresSql } from '../figures/organization-figures';
import type { DashboardPeriod } from './dashboard-period';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

export interface DashboardNumbers {
  activeWorkOrders: number;
  activeWorkOrdersThen: number;
  customers: number;
  newCustomersThisMonth: number;
  newCustomersLastMonth: number;
  /** Only when asked for the money figures. */
  money?: {
    pendingCents: number;
    invoiceCount: number;
    overdueCount: number;
    pendingThenCents: number;
    revenueThisMonthCents: number;
    revenueLastMonthCents: number;
  };
}

const count = (from: SQL, where: SQL) => sql`(select count(*) from ${from} where ${where})`;

/**
 * Active work orders then: those active now less the ones created since, plus those created by then that ended
 * (completed or cancelled) after it (work_orders_org_active_created_idx, work_orders_org_ended_idx).
 */
function workOrderParts(scope: TenantScope, then: SQL) {
  const endedAt = sql`coalesce(${workOrders.completedDate}, ${workOrders.updatedAt})`;
  return {
    wo_created_since: count(sql`${workOrders}`, tenantWhere(scope, workOrders, inArray(workOrders.status, [...ACTIVE_WORK_ORDER_STATUSES]), sql`${workOrders.createdAt} > ${then}`)),
    wo_ended_since: count(
      sql`${workOrders}`,
      tenantWhere(scope, workOrders, inArray(workOrders.status, ['completed', 'cancelled']), sql`${endedAt} > ${then}`, sql`${workOrders.createdAt} <= ${then}`),
    ),
  };
}

/** New customers this month, and last month up to the comparison instant (customers_org_created_idx). */
function customerParts(scope: TenantScope, p: DashboardPeriod) {
  return {
    customers_this_month: count(sql`${customers}`, tenantWhere(scope, customers, sql`${customers.createdAt} >= ${at(p.monthStart)}`)),
    customers_last_month: count(
      sql`${customers}`,
      tenantWhere(scope, customers, sql`${customers.createdAt} >= ${at(p.prevMonthStart)}`, sql`${customers.createdAt} <= ${at(p.comparedTo)}`),
    ),
  };
}

/**
 * Pending Invoices as it stood at the comparison instant: the invoices created by then that were owed then (still
 * unpaid now, or paid or credited in full since), each less what was paid and credited by then. With bal = total -
 * amount_paid - amount_credited now and pa = completed payments received and credit notes issued after then, an
 * owed-status invoice created by then stood at greatest(bal + pa, 0):
 *   sum over owed-status invoices created by then of greatest(bal, 0)   = owed now (kept) - those created since
 *   + sum over the ones paid towards since of greatest(bal + pa, 0) - greatest(bal, 0)   (pa is 0 for the rest)
 * and an invoice paid or credited in full since then, created by then, stood at greatest(bal + pa, 0). An invoice voided
 * since then counts as not owed then: voiding keeps no record of whether it had been sent (docs/rules/records.md#voiding).
 * Overdue: the owed invoices less
 * those still `sent` and not yet due. Revenue: completed payments of this month and of last month up to then.
 */
function moneyParts(scope: TenantScope, p: DashboardPeriod, then: SQL) {
  const owedStatus = inArray(invoices.status, [...UNPAID_INVOICE_STATUSES]);
  const bal = sql`(${invoices.total} - ${invoices.amountPaid} - ${invoices.amountCredited})`;
  // The invoice's completed payments received and credit notes issued since then, read by key for each invoice of a
  // month's range: owed invoices paid towards or credited since (last_payment_at says which) and invoices settled since.
  const paidSince = sql`(select coalesce((select sum(p.amount) from ${payments} as p
      where p.organization_id = ${invoices.organizationId} and p.invoice_id = ${invoices.id} and p.status = 'completed' and p.received_date > ${then}), 0)
    + coalesce((select sum(c.total) from ${creditNotes} as c
      where c.organization_id = ${invoices.organizationId} and c.invoice_id = ${invoices.id} and c.created_at > ${then}), 0) as paid) as pa`;
  const revenue = (filter: SQL) =>
    sql`(select coalesce(sum(${payments.amount}), 0) from ${payments}
      where ${tenantWhere(scope, payments, eq(payments.status, 'completed'), filter)})::text`;
  return {
    not_past_due: count(
      sql`${invoices}`,
      tenantWhere(scope, invoices, isOwedSql, notPastDueSql(p.now)),
    ),
    owed_created_since: sql`(select coalesce(sum(greatest(${bal}, 0)), 0) from ${invoices}
      where ${tenantWhere(scope, invoices, owedStatus, sql`${invoices.createdAt} > ${then}`)})::text`,
    owed_paid_towards_since: sql`(select coalesce(sum(greatest(${bal} + pa.paid, 0) - greatest(${bal}, 0)), 0) from ${invoices} cross join lateral ${paidSince}
      where ${tenantWhere(scope, invoices, owedStatus, sql`${invoices.createdAt} <= ${then}`, sql`${invoices.lastPaymentAt} > ${then}`)})::text`,
    settled_since: sql`(select coalesce(sum(greatest(${bal} + pa.paid, 0)), 0) from ${invoices} cross join lateral ${paidSince}
      where ${tenantWhere(scope, invoices, eq(invoices.status, 'paid'), sql`coalesce(${invoices.paidDate}, ${invoices.updatedAt}) > ${then}`, sql`${invoices.createdAt} <= ${then}`)})::text`,
    credited_since: sql`(select coalesce(sum(greatest(${bal} + pa.paid, 0)), 0) from ${invoices} cross join lateral ${paidSince}
      where ${tenantWhere(scope, invoices, eq(invoices.status, 'credited'), sql`${invoices.updatedAt} > ${then}`, sql`${invoices.createdAt} <= ${then}`)})::text`,
    revenue_this_month: revenue(sql`${payments.receivedDate} >= ${at(p.monthStart)} and ${payments.receivedDate} < ${at(p.nextMonthStart)}`),
    revenue_last_month: revenue(sql`${payments.receivedDate} >= ${at(p.prevMonthStart)} and ${payments.receivedDate} <= ${at(p.comparedTo)}`),
  };
}

type Row = Record<string, string | number | null>;

export async function dashboardNumbers(db: Db, scope: TenantScope, p: DashboardPeriod, withMoney: boolean): Promise<DashboardNumbers> {
  const then = at(p.comparedTo);
  const parts: Record<string, SQL> = { ...workOrderParts(scope, then), ...customerParts(scope, p), ...(withMoney ? moneyParts(scope, p, then) : {}) };
  const columns = sql.join(
    Object.entries(parts).map(([name, part]) => sql`${part} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const [r] = await rowsOf<Row>(db, sql`select kept.*, ${columns} from ${keptFiguresSql(scope)} as kept`);
  const n = (key: string) => Number(r?.[key] ?? 0);
  const cents = (key: string) => toCents(String(r?.[key] ?? '0'));
  if (r && scope.kind === 'organization') compactIfMany(db, scope.organizationId, n('rows'));
  const active = n('active_work_orders');
  const numbers: DashboardNumbers = {
    activeWorkOrders: active,
    activeWorkOrdersThen: active - n('wo_created_since') + n('wo_ended_since'),
    customers: n('customers'),
    newCustomersThisMonth: n('customers_this_month'),
    newCustomersLastMonth: n('customers_last_month'),
  };
  if (!withMoney) return numbers;
  const owed = cents('owed_balance');
  return {
    ...numbers,
    money: {
      pendingCents: owed,
      invoiceCount: n('owed_invoices'),
      overdueCount: n('owed_invoices') - n('not_past_due'),
      pendingThenCents: owed - cents('owed_created_since') + cents('owed_paid_towards_since') + cents('settled_since') + cents('credited_since'),
      revenueThisMonthCents: cents('revenue_this_month'),
      revenueLastMonthCents: cents('revenue_last_month'),
    },
  };
}
