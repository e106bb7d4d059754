// What a customer still owes on an invoice, in SQL: its total less its completed payments. The one definition
// behind every figure of money owed: the dashboard's Pending Invoices, Payment Analytics' Outstanding Balance and
// Overdue Amount, the aging report and the set Send Reminders acts on (docs/decisions/017-money-figures.md).
import { and, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { UNPAID_INVOICE_STATUSES } from '../../../contracts/payment-analytics';
import type { DbOrTx } from '../../db/client';
import { invoices, payments } from '../../db/schema/index';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';


/** The invoice's total less what its completed payments paid, never below zero (numeric). */
export const balanceDueSql = sql<string>`greatest(${invoices.total} - ${invoices.amountPaid}, 0)`;

/**
 * Owed: sent to the customer and not paid (status sent or overdue; drafts are not owed yet), with a balance left.
 * An invoice whose payments already cover it but whose status was not yet turned paid owes nothing.
 */
export const isOwedSql = sql`(${inArray(invoices.status, [...UNPAID_INVOICE_STATUSES])} and ${invoices.total} > ${invoices.amountPaid})`;

/**
 * The owed invoices in scope with their balance due, as a subquery (`owed`) to aggregate or list from:
 * id, organizationId, customerId, invoiceNumber, status, total, dueDate, balanceDue (numeric). It reads
 * invoices_org_owed_due_idx alone.
 */
export function owedInvoices(db: DbOrTx, scope: TenantScope) {
  return db
    .select({
      id: invoices.id,
      organizationId: invoices.organizationId,
      customerId: invoices.customerId,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      total: invoices.total,
      dueDate: invoices.dueDate,
      balanceDue: sql<string>`${balanceDueSql}`.as('balance_due'),
    })
    .from(invoices)
    .where(tenantWhere(scope, invoices, isOwedSql))
    .as('owed');
}

export type OwedInvoices = ReturnType<typeof owedInvoices>;

/**
 * Completed payments received after an instant, per invoice (`paidAfter.invoiceId`, `.organizationId`, `.amount`):
 * what amount_paid holds now that it did not hold then. Read from payments_org_completed_received_idx alone.
 */
export function paidAfter(db: DbOrTx, scope: TenantScope, after: Date) {
  return db
    .select({
      organizationId: payments.organizationId,
      invoiceId: payments.invoiceId,
      amount: sql<string>`sum(${payments.amount})`.as('paid_after'),
    })
    .from(payments)
    .where(tenantWhere(scope, payments, eq(payments.status, 'completed'), isNotNull(payments.invoiceId), gt(payments.receivedDate, sql`${after.toISOString()}::timestamptz`)))
    .groupBy(payments.organizationId, payments.invoiceId)
    .as('paid_after');
}

type PaidAfter = ReturnType<typeof paidAfter>;

/** Joins an invoice to its row of paidAfter. */
export const paidAfterOfInvoice = (paid: PaidAfter) => and(eq(paid.organizationId, invoices.organizationId), eq(paid.invoiceId, invoices.id));

/** The invoice's balance as it stood when `paid` begins: its total less what was paid by then, never below zero. */
export const balanceThenSql = (paid: PaidAfter) => sql<string>`greatest(${invoices.total} - (${invoices.amountPaid} - coalesce(${paid.amount}, 0)), 0)`;

/** A bound instant (ISO text cast in SQL, the same on PGlite and PostgreSQL). */
export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Past due as the screens derive it (docs/rules/records.md#invoice-statuses): status overdue, or the due date has passed. */
export const pastDueSql = (status: SQL.Aliased | PgColumn, dueDate: SQL.Aliased | PgColumn, now: Date) => sql`(${status} = 'overdue' or ${dueDate} < ${at(now)})`;

/** pastDueSql of the owed subquery's rows. */
export const isOwedPastDue = (owed: OwedInvoices, now: Date) => pastDueSql(owed.status, owed.dueDate, now);

/** numeric sums travel as text and are read into cents. */
export const sumText = (expr: SQL) => sql<string>`coalesce(${expr}, 0)::text`;
