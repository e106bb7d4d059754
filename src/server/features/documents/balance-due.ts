// What a customer still owes on an invoice, in SQL: its total less its completed payments. The one definition
// behind every figure of money owed: the dashboard's Pending Invoices, Payment Analytics' Outstanding Balance and
// Overdue Amount, the aging report and the set Send Reminders acts on (docs/decisions/017-money-figures.md).
import { and, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { UNPAID_INVOICE_STATUSES } from '../../../contracts/payment-analytics';
import type { DbOrTx } from '../../db/client';
import { invoices, payments } from '../../db/schema/index';

/** The tenant filter of a query, per table (tenantFilter(ctx, column, organizationId) bound to the caller). */
export type ScopeOf = (organizationColumn: PgColumn) => SQL | undefined;

/**
 * Completed payments per invoice as one grouped subquery to join (never a query per invoice):
 * `paid.invoiceId`, `paid.organizationId`, `paid.amount` (numeric). With `asOf`, only payments received by then.
 */
export function paidPerInvoice(db: DbOrTx, scope: SQL | undefined, asOf?: Date) {
  return db
    .select({
      organizationId: payments.organizationId,
      invoiceId: payments.invoiceId,
      amount: sql<string>`sum(${payments.amount})`.as('paid_amount'),
    })
    .from(payments)
    .where(
      and(
        scope,
        eq(payments.status, 'completed'),
        isNotNull(payments.invoiceId),
        asOf ? lte(payments.receivedDate, sql`${asOf.toISOString()}::timestamptz`) : undefined,
      ),
    )
    .groupBy(payments.organizationId, payments.invoiceId)
    .as(asOf ? 'paid_then' : 'paid');
}

type Paid = ReturnType<typeof paidPerInvoice>;

/**
 * paidPerInvoice kept to invoices still in an owed status: most payments settle invoices now paid, and summing
 * those per invoice only to drop them at the join cost most of the owed figures' time on a big organization
 * (docs/decisions/021-aging-report-paging.md).
 */
function paidPerOwedStatusInvoice(db: DbOrTx, scope: SQL | undefined): Paid {
  return db
    .select({
      organizationId: payments.organizationId,
      invoiceId: payments.invoiceId,
      amount: sql<string>`sum(${payments.amount})`.as('paid_amount'),
    })
    .from(payments)
    .innerJoin(
      invoices,
      and(eq(invoices.organizationId, payments.organizationId), eq(invoices.id, payments.invoiceId), inArray(invoices.status, [...UNPAID_INVOICE_STATUSES])),
    )
    .where(and(scope, eq(payments.status, 'completed')))
    .groupBy(payments.organizationId, payments.invoiceId)
    .as('paid');
}

/** Joins an invoice to its row of `paid`. */
export const paidOfInvoice = (paid: Paid) => and(eq(paid.organizationId, invoices.organizationId), eq(paid.invoiceId, invoices.id));

/** The invoice's total less what `paid` holds for it, never below zero (numeric). */
export const balanceDueSql = (paid: Paid) => sql<string>`greatest(${invoices.total} - coalesce(${paid.amount}, 0), 0)`;

/**
 * Owed: sent to the customer and not paid (status sent or overdue; drafts are not owed yet), with a balance left.
 * An invoice whose payments already cover it but whose status was not yet turned paid owes nothing.
 */
export const isOwedSql = (paid: Paid) =>
  sql`(${inArray(invoices.status, [...UNPAID_INVOICE_STATUSES])} and ${invoices.total} > coalesce(${paid.amount}, 0))`;

/**
 * The owed invoices in scope with their balance due, as a subquery (`owed`) to aggregate or list from:
 * id, organizationId, customerId, invoiceNumber, status, total, dueDate, balanceDue (numeric).
 */
export function owedInvoices(db: DbOrTx, scope: ScopeOf) {
  const paid = paidPerOwedStatusInvoice(db, scope(payments.organizationId));
  return db
    .select({
      id: invoices.id,
      organizationId: invoices.organizationId,
      customerId: invoices.customerId,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      total: invoices.total,
      dueDate: invoices.dueDate,
      balanceDue: sql<string>`${balanceDueSql(paid)}`.as('balance_due'),
    })
    .from(invoices)
    .leftJoin(paid, paidOfInvoice(paid))
    .where(and(scope(invoices.organizationId), isOwedSql(paid)))
    .as('owed');
}

export type OwedInvoices = ReturnType<typeof owedInvoices>;

/** A bound instant (ISO text cast in SQL, the same on PGlite and PostgreSQL). */
export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Past due as the screens derive it (docs/rules/records.md#invoice-statuses): status overdue, or the due date has passed. */
export const isOwedPastDue = (owed: OwedInvoices, now: Date) => sql`(${owed.status} = 'overdue' or ${owed.dueDate} < ${at(now)})`;

/** numeric sums travel as text and are read into cents. */
export const sumText = (expr: SQL) => sql<string>`coalesce(${expr}, 0)::text`;
