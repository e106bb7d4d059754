// What a customer still owes on an invoice, in SQL: its total less its completed payments. The one definition
// behind every figure of money owed: the dashboard's Pending Invoices, Payment Analytics' Outstanding Balance and
// Overdue Amount, the aging report and the set Send Reminders acts on (docs/decisions/017-money-figures.md). The
// triggers keeping organization_figures (drizzle/0012) repeat isOwedSql in SQL; features/figures' test holds them to it.
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { UNPAID_INVOICE_STATUSES } from '../../../contracts/payment-analytics';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema/index';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';


/** The invoice's total less what its completed payments paid and its credit notes credited, never below zero (numeric). */
export const balanceDueSql = sql<string>`greatest(${invoices.total} - ${invoices.amountPaid} - ${invoices.amountCredited}, 0)`;

/**
 * Owed: sent to the customer and not paid (status sent or overdue; drafts are not owed yet), with a balance left.
 * An invoice whose payments and credit notes already cover it but whose status was not yet turned paid owes nothing.
 */
export const isOwedSql = sql`(${inArray(invoices.status, [...UNPAID_INVOICE_STATUSES])} and ${invoices.total} > ${invoices.amountPaid} + ${invoices.amountCredited})`;

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

/** A bound instant (ISO text cast in SQL, the same on PGlite and PostgreSQL). */
export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Past due as the screens derive it (docs/rules/records.md#invoice-statuses): status overdue, or the due date has passed. */
export const pastDueSql = (status: SQL.Aliased | PgColumn, dueDate: SQL.Aliased | PgColumn, now: Date) => sql`(${status} = 'overdue' or ${dueDate} < ${at(now)})`;

/**
 * The owed invoices that are not past due, as an index range: still `sent` and due now or later, or with no due date.
 * Among owed invoices it is exactly `not pastDueSql` (a null due date is never past due), written so that
 * invoices_org_owed_due_idx answers it from the due date on; the dashboard's overdue count is the owed count less these.
 */
export const notPastDueSql = (now: Date) => sql`(${invoices.status} = 'sent' and (${invoices.dueDate} >= ${at(now)} or ${invoices.dueDate} is null))`;

/** pastDueSql of the owed subquery's rows. */
export const isOwedPastDue = (owed: OwedInvoices, now: Date) => pastDueSql(owed.status, owed.dueDate, now);

/** numeric sums travel as text and are read into cents. */
export const sumText = (expr: SQL) => sql<string>`coalesce(${expr}, 0)::text`;
