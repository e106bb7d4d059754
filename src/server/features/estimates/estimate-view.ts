// Estimate rows as the API returns them: with the customer's name and the line items in order.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Estimate } from '../../../contracts/estimates';
import type { DbOrTx } from '../../db/client';
import { customers, estimateLineItems, estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { scopeFilter, tenantScope } from '../../platform/tenancy';

// Email to customer is offered only when there is an address to send to.
const customerHasEmail = sql<boolean>`coalesce(trim(${customers.email}), '') <> ''`;

export const estimateColumns = { est: estimates, customerName: customers.name, customerHasEmail };

/** The customer join, kept inside the estimate's organization. */
export const estimateCustomerJoin = and(eq(customers.id, estimates.customerId), eq(customers.organizationId, estimates.organizationId));

type Row = { est: typeof estimates.$inferSelect; customerName: string | null; customerHasEmail: boolean | null };

export async function toEstimates(db: DbOrTx, ctx: RequestContext, rows: Row[]): Promise<Estimate[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(estimateLineItems)
    .where(
      and(
        inArray(
          estimateLineItems.estimateId,
          rows.map((r) => r.est.id),
        ),
        scopeFilter(tenantScope(ctx), estimateLineItems.organizationId),
      ),
    )
    .orderBy(asc(estimateLineItems.estimateId), asc(estimateLineItems.sortOrder), asc(estimateLineItems.id));
  const byParent = new Map<number, Estimate['lineItems']>();
  for (const l of lines) {
    const list = byParent.get(l.estimateId) ?? [];
    list.push({ id: l.id, description: l.description, quantity: l.quantity, rate: l.rate, amount: l.amount, sortOrder: l.sortOrder });
    byParent.set(l.estimateId, list);
  }
  return rows.map(({ est, customerName, customerHasEmail }) => ({
    id: est.id,
    organizationId: est.organizationId,
    estimateNumber: est.estimateNumber,
    customerId: est.customerId,
    customerName,
    customerHasEmail: customerHasEmail === true,
    title: est.title,
    description: est.description,
    status: est.status,
    subtotal: est.subtotal,
    tax: est.tax ?? '0.00',
    total: est.total,
    validUntil: est.validUntil?.toISOString() ?? null,
    notes: est.notes,
    lineItems: byParent.get(est.id) ?? [],
    createdAt: est.createdAt.toISOString(),
    updatedAt: est.updatedAt.toISOString(),
  }));
}
