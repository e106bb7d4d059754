// Rules shared by work orders, estimates and invoices: the records a document refers to (its customer,
// an invoice's work order and estimate) are looked up inside the document's organization only, so
// another organization's id reads as a missing one (400 on the field); totals are computed in cents.
import { and, eq } from 'drizzle-orm';
import { MAX_CENTS, fromCents, toCents } from '../../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { customers, estimates, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { organizationForWrite, tenantScope, tenantWhere } from '../../platform/tenancy';

export const fieldError = (field: string, message: string) => invalid(`${field}: ${message}`, [{ path: field, message }]);

export interface CustomerRef {
  id: number;
  organizationId: number;
  name: string;
}

/** The customer in the given organization, or 400 `customerId: Customer not found`. */
export async function customerInOrganization(tx: DbOrTx, organizationId: number, customerId: number): Promise<CustomerRef> {
  const [c] = await tx
    .select({ id: customers.id, organizationId: customers.organizationId, name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.organizationId, organizationId)))
    .limit(1);
  if (!c) throw fieldError('customerId', 'Customer not found');
  return c;
}

/**
 * The organization a new document belongs to and its customer. Staff write into their own
 * organization; a super user into the one chosen, or else the chosen customer's.
 */
export async function organizationAndCustomer(
  tx: DbOrTx,
  ctx: RequestContext,
  input: { customerId: number; organizationId?: number | null },
): Promise<{ organizationId: number; customer: CustomerRef }> {
  if (ctx.isSuperUser && !input.organizationId) {
    const [c] = await tx
      .select({ id: customers.id, organizationId: customers.organizationId, name: customers.name })
      .from(customers)
      .where(tenantWhere(tenantScope(ctx), customers, eq(customers.id, input.customerId)))
      .limit(1);
    if (!c) throw fieldError('customerId', 'Customer not found');
    return { organizationId: c.organizationId, customer: c };
  }
  const organizationId = organizationForWrite(ctx, input.organizationId);
  return { organizationId, customer: await customerInOrganization(tx, organizationId, input.customerId) };
}

/** A work order of the organization that belongs to the invoice's customer. */
export async function checkWorkOrderRef(tx: DbOrTx, organizationId: number, customerId: number, workOrderId: number): Promise<void> {
  const [wo] = await tx
    .select({ customerId: workOrders.customerId })
    .from(workOrders)
    .where(and(eq(workOrders.id, workOrderId), eq(workOrders.organizationId, organizationId)))
    .limit(1);
  if (!wo) throw fieldError('workOrderId', 'Work order not found');
  if (wo.customerId !== customerId) throw fieldError('workOrderId', 'Work order belongs to another customer');
}

/** An estimate of the organization. */
export async function checkEstimateRef(tx: DbOrTx, organizationId: number, estimateId: number): Promise<void> {
  const [e] = await tx
    .select({ id: estimates.id })
    .from(estimates)
    .where(and(eq(estimates.id, estimateId), eq(estimates.organizationId, organizationId)))
    .limit(1);
  if (!e) throw fieldError('estimateId', 'Estimate not found');
}

/** 400 on the field when priced lines or a total do not fit numeric(10,2). */
export function checkAmounts(issues: { path: string; message: string }[]): void {
  if (issues.length > 0) throw invalid(`${issues[0].path}: ${issues[0].message}`, issues);
}

/** subtotal (the lines) + tax, in cents; 400 when the total does not fit numeric(10,2). */
export function documentTotals(subtotalCents: number, tax: string | null | undefined): { subtotal: string; tax: string; total: string } {
  const taxCents = toCents(tax);
  const total = subtotalCents + taxCents;
  checkAmounts(total > MAX_CENTS ? [{ path: 'total', message: 'Total is too large' }] : []);
  return { subtotal: fromCents(subtotalCents), tax: fromCents(taxCents), total: fromCents(total) };
}

