// Completed payments per invoice, as one grouped subquery to join (never a query per invoice).
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/index';

/** `paid.invoice_id`, `paid.organization_id`, `paid.amount` (decimal text) for the payments in scope. */
export function paidPerInvoice(db: DbOrTx, scope: SQL | undefined) {
  return db
    .select({
      organizationId: payments.organizationId,
      invoiceId: payments.invoiceId,
      amount: sql<string>`sum(${payments.amount})::text`.as('paid_amount'),
    })
    .from(payments)
    .where(and(scope, eq(payments.status, 'completed'), isNotNull(payments.invoiceId)))
    .groupBy(payments.organizationId, payments.invoiceId)
    .as('paid');
}
