// The payments list: newest received first; q searches invoice number, customer, reference, method and notes.
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { Payment } from '../../../contracts/payments';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { countRows, likePattern, page, runAll } from '../../platform/lists';
import { descending, orderOf, sortKeys, tableReader, type BatchReader } from '../../platform/list-order';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { toPaymentResponse } from './payment-response';

const SORTABLE = {
  receivedDate: payments.receivedDate,
  amount: payments.amount,
  invoiceNumber: payments.invoiceNumber,
  customerName: payments.customerName,
  method: payments.method,
};

export interface PaymentListQuery extends ListQuery {
  invoiceId?: number;
  customerId?: number;
}

const NEWEST_FIRST = [descending(payments.receivedDate), descending(payments.id)];

/** The list's rows batch by batch in its order, with its search and filters: its export (docs/rules/data-exchange.md#list-exports). */
export function paymentBatches(db: DbOrTx, ctx: RequestContext, query: PaymentListQuery): BatchReader<Payment> {
  return tableReader(db, payments, paymentsWhere(ctx, query), sortKeys(query, SORTABLE, NEWEST_FIRST), (rows) => rows.map(toPaymentResponse));
}

function paymentsWhere(ctx: RequestContext, query: PaymentListQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [scopeFilter(tenantScope(ctx, query.organizationId), payments.organizationId)];
  if (query.invoiceId) filters.push(eq(payments.invoiceId, query.invoiceId));
  if (query.customerId) filters.push(eq(payments.customerId, query.customerId));
  if (query.q) {
    const p = likePattern(query.q);
    filters.push(
      or(ilike(payments.invoiceNumber, p), ilike(payments.customerName, p), ilike(payments.reference, p), ilike(payments.method, p), ilike(payments.notes, p), ilike(payments.description, p)),
    );
  }
  return and(...filters);
}

export async function listPayments(db: DbOrTx, ctx: RequestContext, query: PaymentListQuery): Promise<{ items: Payment[]; total: number }> {
  const where = paymentsWhere(ctx, query);
  const { limit, offset } = page(query);
  const [rows, total] = await runAll(
    db,
    () =>
      db
        .select()
        .from(payments)
        .where(where)
        .orderBy(...orderOf(sortKeys(query, SORTABLE, NEWEST_FIRST)))
        .limit(limit)
        .offset(offset),
    () => countRows(db, payments, payments.id, where),
  );
  return { items: rows.map(toPaymentResponse), total };
}
