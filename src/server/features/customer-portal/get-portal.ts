// Everything the portal page shows for one customer: their sent invoices with balances, completed payments,
// saved cards and the summary cards. Drafts are the business's own work in progress and never shown.
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { PortalInvoice, PortalResponse, PortalViewer, SavedPaymentMethod } from '../../../contracts/customer-portal';
import { fromCents, toCents } from '../../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { creditNotes, estimates, invoices, organizations, payments, savedPaymentMethods } from '../../db/schema/index';
import { runAll } from '../../platform/lists';
import { isOverdue } from '../documents/invoice-view';
import { activePlans, planView, type PlanWithRows } from '../payment-plans/plan-state';
import { quotePath } from '../estimates/estimate-view';
import { effectiveStatus } from '../quote-approval/quote-page';
import { AWAITING_ANSWER_STATUSES } from '../../../contracts/estimates';
import { labelsFor } from '../../../contracts/vocabulary';
import { sharedAttachmentsOf } from '../work-order-attachments/portal-attachments';
import type { CustomerRow } from './resolve-portal-customer';

/** `canPay`: whether this viewer may start a payment or save a card (resolve-portal-customer.ts). */
export async function getPortal(db: DbOrTx, customer: CustomerRow, viewer: PortalViewer, canPay: boolean): Promise<PortalResponse> {
  const org = customer.organizationId;
  const [[organization], invoiceRows, paymentRows, methods, noteRows, quoteRows] = await runAll(
    db,
    () =>
      db
        .select({
          name: organizations.name,
          logo: organizations.logo,
          slug: organizations.slug,
          phone: organizations.phone,
          email: organizations.email,
          industry: organizations.industry,
          labelOverrides: organizations.labelOverrides,
        })
        .from(organizations)
        .where(eq(organizations.id, org)),
    () =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.organizationId, org), eq(invoices.customerId, customer.id), ne(invoices.status, 'draft')))
        .orderBy(desc(invoices.createdAt), desc(invoices.id)),
    () =>
      db
        .select()
        .from(payments)
        .where(and(eq(payments.organizationId, org), eq(payments.customerId, customer.id), eq(payments.status, 'completed')))
        .orderBy(desc(payments.receivedDate), desc(payments.id)),
    () => listSavedMethods(db, org, customer.id),
    () =>
      db
        .select({
          id: creditNotes.id,
          creditNoteNumber: creditNotes.creditNoteNumber,
          invoiceId: creditNotes.invoiceId,
          invoiceNumber: invoices.invoiceNumber,
          total: creditNotes.total,
          reason: creditNotes.reason,
          createdAt: creditNotes.createdAt,
        })
        .from(creditNotes)
        .innerJoin(invoices, and(eq(invoices.organizationId, creditNotes.organizationId), eq(invoices.id, creditNotes.invoiceId)))
        .where(and(eq(creditNotes.organizationId, org), eq(creditNotes.customerId, customer.id)))
        .orderBy(desc(creditNotes.createdAt), desc(creditNotes.id)),
    () =>
      db
        .select()
        .from(estimates)
        .where(and(eq(estimates.organizationId, org), eq(estimates.customerId, customer.id), isNotNull(estimates.approvalToken)))
        .orderBy(desc(estimates.createdAt), desc(estimates.id)),
  );

  const paidByInvoice = await paidCentsByInvoice(
    db,
    org,
    invoiceRows.map((i) => i.id),
  );
  const jobAttachments = await sharedAttachmentsOf(db, org, invoiceRows);
  const now = new Date();
  const plans = await activePlans(
    db,
    org,
    invoiceRows.map((i) => i.id),
  );
  const portalInvoices: PortalInvoice[] = invoiceRows.map((inv) => {
    // A void invoice owes nothing; credit notes lower what is owed like payments (docs/rules/records.md#credit-notes).
    const balance = inv.status === 'void' ? 0 : Math.max(0, toCents(inv.total) - (paidByInvoice.get(inv.id) ?? 0) - toCents(inv.amountCredited));
    return {
      id: inv.id,
      invoiceNumber: inv.invoiceNumber,
      status: inv.status,
      dueDate: inv.dueDate?.toISOString() ?? null,
      subtotal: inv.subtotal,
      tax: inv.tax ?? '0.00',
      discountType: inv.discountType ?? null,
      discountValue: inv.discountValue,
      discount: inv.discount,
      taxes: inv.taxes,
      pricesIncludeTax: inv.pricesIncludeTax,
      taxExempt: inv.taxExempt,
      taxRounding: inv.taxRounding,
      total: inv.total,
      balanceDue: fromCents(balance),
      isOverdue: isOverdue(inv, now),
      installment: installmentOf(plans.get(inv.id), balance, now),
      createdAt: inv.createdAt.toISOString(),
    };
  });

  let outstanding = 0;
  let overdue = 0;
  for (const inv of portalInvoices) {
    // Only sent invoices count as outstanding (docs/rules/customer-portal.md#portal-screen).
    if (inv.status === 'sent') outstanding += toCents(inv.balanceDue);
    if (inv.isOverdue) overdue += toCents(inv.balanceDue);
  }
  const totalPaid = paymentRows.reduce((sum, p) => sum + toCents(p.amount), 0);

  return {
    customer: {
      id: customer.id,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      address: customer.address,
      city: customer.city,
      state: customer.state,
      zip: customer.zip,
      autoPayEnabled: customer.autoPayEnabled,
      portalAccessEnabled: customer.portalAccessEnabled,
      preferredPaymentMethod: customer.preferredPaymentMethod,
      paymentTerms: customer.paymentTerms,
    },
    organization: organization
      ? { name: organization.name, logo: organization.logo, slug: organization.slug, phone: organization.phone, email: organization.email }
      : { name: '', logo: null, slug: null, phone: null, email: null },
    invoices: portalInvoices,
    jobAttachments,
    payments: paymentRows.map((p) => ({
      id: p.id,
      invoiceId: p.invoiceId,
      invoiceNumber: p.invoiceNumber,
      amount: p.amount,
      receivedDate: p.receivedDate.toISOString(),
      method: p.method,
    })),
    creditNotes: noteRows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    quotes: quoteRows.map((q) => {
      const status = effectiveStatus(q, now);
      return {
        id: q.id,
        estimateNumber: q.estimateNumber,
        title: q.title,
        status,
        total: q.total,
        validUntil: q.validUntil?.toISOString() ?? null,
        approvalPath: viewer !== 'staff' && q.approvalToken ? quotePath(q.approvalToken) : null,
        awaitingAnswer: (AWAITING_ANSWER_STATUSES as readonly string[]).includes(status),
      };
    }),
    quotesLabel: labelsFor(organization?.industry, organization?.labelOverrides).estimates,
    paymentMethods: methods,
    summary: {
      outstandingBalance: fromCents(outstanding),
      overdueAmount: fromCents(overdue),
      totalPaid: fromCents(totalPaid),
      paymentCount: paymentRows.filter((p) => p.refundOfPaymentId === null).length,
    },
    viewer,
    canPay,
  };
}

/** The next installment of an invoice's active plan, if it has one and still owes. */
function installmentOf(found: PlanWithRows | undefined, balanceCents: number, now: Date) {
  if (!found || balanceCents === 0) return null;
  return planView(found.plan, found.rows, balanceCents, now).next;
}

/** Completed payments per invoice, in cents (whoever's customer recorded them). */
async function paidCentsByInvoice(db: DbOrTx, organizationId: number, invoiceIds: number[]): Promise<Map<number, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({ invoiceId: payments.invoiceId, sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), inArray(payments.invoiceId, invoiceIds), eq(payments.status, 'completed')))
    .groupBy(payments.invoiceId);
  return new Map(rows.map((r) => [r.invoiceId!, toCents(r.sum)]));
}

/** The customer's saved cards, the default first. */
export async function listSavedMethods(db: DbOrTx, organizationId: number, customerId: number): Promise<SavedPaymentMethod[]> {
  const rows = await db
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.organizationId, organizationId), eq(savedPaymentMethods.customerId, customerId)))
    .orderBy(desc(savedPaymentMethods.isDefault), asc(savedPaymentMethods.createdAt), asc(savedPaymentMethods.id));
  return rows.map(toSavedMethod);
}

export function toSavedMethod(row: typeof savedPaymentMethods.$inferSelect): SavedPaymentMethod {
  return { id: row.id, brand: row.brand, last4: row.last4, expiryMonth: row.expiryMonth, expiryYear: row.expiryYear, isDefault: row.isDefault };
}
