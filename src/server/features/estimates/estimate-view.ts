// Estimate rows as the API returns them: with the customer's name and the line items in order.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Estimate, EstimateListItem } from '../../../contracts/estimates';
import type { DbOrTx } from '../../db/client';
import { customers, estimateLineItems, estimateResponses, estimates, estimateVersions, invoices, payments, workOrders } from '../../db/schema/index';
import { depositCents } from '../../../contracts/estimates';
import { fromCents, toCents } from '../../../contracts/money';
import { runAll } from '../../platform/lists';
import { documentPricingOf } from '../documents/document-pricing';

// Email to customer is offered only when there is an address to send to.
const customerHasEmail = sql<boolean>`coalesce(trim(${customers.email}), '') <> ''`;

export const estimateColumns = { est: estimates, customerName: customers.name, customerHasEmail };

/** The customer join, kept inside the estimate's organization. */
export const estimateCustomerJoin = and(eq(customers.id, estimates.customerId), eq(customers.organizationId, estimates.organizationId));

type Row = { est: typeof estimates.$inferSelect; customerName: string | null; customerHasEmail: boolean | null };

/** The customer's quote page of a token (docs/rules/quote-approval.md#the-quote-page). */
export const quotePath = (token: string) => `/quote/${token}`;

/** The rows with their lines; the lines are read within the rows' own organizations. */
export async function toEstimates(db: DbOrTx, rows: Row[]): Promise<EstimateListItem[]> {
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
        inArray(estimateLineItems.organizationId, [...new Set(rows.map((r) => r.est.organizationId))]),
      ),
    )
    .orderBy(asc(estimateLineItems.estimateId), asc(estimateLineItems.sortOrder), asc(estimateLineItems.id));
  const byParent = new Map<number, Estimate['lineItems']>();
  for (const l of lines) {
    const list = byParent.get(l.estimateId) ?? [];
    list.push({
      id: l.id,
      description: l.description,
      quantity: l.quantity,
      rate: l.rate,
      amount: l.amount,
      sortOrder: l.sortOrder,
      discountType: l.discountType,
      discountValue: l.discountValue,
      discount: l.discount,
      taxRates: l.taxRates,
      optional: l.optional,
      selected: l.selected,
    });
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
    terms: est.terms,
    depositType: est.depositType ?? null,
    depositValue: est.depositValue,
    depositAmount: est.depositType ? fromCents(depositCents(toCents(est.total), est.depositType, est.depositValue)) : null,
    lineItems: byParent.get(est.id) ?? [],
    ...documentPricingOf(est),
    version: est.version,
    approvalPath: est.approvalToken ? quotePath(est.approvalToken) : null,
    sentAt: est.sentAt?.toISOString() ?? null,
    viewedAt: est.viewedAt?.toISOString() ?? null,
    convertedAt: est.convertedAt?.toISOString() ?? null,
    createdAt: est.createdAt.toISOString(),
    updatedAt: est.updatedAt.toISOString(),
  }));
}

/** One estimate with what the list leaves out: the customer's answers, earlier versions, and what it became. */
export async function toEstimateDetail(db: DbOrTx, item: EstimateListItem): Promise<Estimate> {
  const org = item.organizationId;
  const [responses, versions, orders, bills, depositPaid] = await runAll(
    db,
    () =>
      db
        .select()
        .from(estimateResponses)
        .where(and(eq(estimateResponses.organizationId, org), eq(estimateResponses.estimateId, item.id)))
        .orderBy(desc(estimateResponses.createdAt), desc(estimateResponses.id)),
    () =>
      db
        .select({ version: estimateVersions.version, snapshot: estimateVersions.snapshot, createdAt: estimateVersions.createdAt })
        .from(estimateVersions)
        .where(and(eq(estimateVersions.organizationId, org), eq(estimateVersions.estimateId, item.id)))
        .orderBy(desc(estimateVersions.version)),
    () =>
      db
        .select({ id: workOrders.id, orderNumber: workOrders.orderNumber })
        .from(workOrders)
        .where(and(eq(workOrders.organizationId, org), eq(workOrders.estimateId, item.id)))
        .orderBy(asc(workOrders.id)),
    () =>
      db
        .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
        .from(invoices)
        .where(and(eq(invoices.organizationId, org), eq(invoices.estimateId, item.id)))
        .orderBy(asc(invoices.id)),
    () => depositPaidCents(db, org, item.id),
  );
  return {
    ...item,
    responses: responses.map((r) => ({
      id: r.id,
      version: r.version,
      kind: r.kind,
      signerName: r.signerName,
      signature: r.signature,
      message: r.message,
      total: r.total,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
    versions: versions.map((v) => ({
      version: v.version,
      total: String(v.snapshot.total ?? '0.00'),
      status: String(v.snapshot.status ?? 'draft'),
      createdAt: v.createdAt.toISOString(),
    })),
    workOrders: orders,
    invoices: bills,
    depositPaid: fromCents(depositPaid),
  };
}

/** A quote's deposits: its completed payments less their refunds, wherever they now stand (docs/rules/quote-approval.md#deposits). */
export async function depositPaidCents(db: DbOrTx, organizationId: number, estimateId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.estimateId, estimateId), eq(payments.status, 'completed')));
  return toCents(row?.sum ?? '0');
}

/**
 * What is left of a quote's deposit, with the estimate row locked so two payments confirmed at once see each other
 * (docs/rules/quote-approval.md#deposits). 0 without a deposit.
 */
export async function lockDepositDueCents(tx: DbOrTx, organizationId: number, estimateId: number): Promise<number> {
  const [row] = await tx
    .select({ total: estimates.total, depositType: estimates.depositType, depositValue: estimates.depositValue })
    .from(estimates)
    .where(and(eq(estimates.organizationId, organizationId), eq(estimates.id, estimateId)))
    .for('update');
  if (!row?.depositType) return 0;
  const due = depositCents(toCents(row.total), row.depositType, row.depositValue) - (await depositPaidCents(tx, organizationId, estimateId));
  return Math.max(0, due);
}
