// Records a payment exactly once and settles its invoice: the one place money is booked, whoever reports it
// (staff by hand, the browser after confirming, a Stripe webhook).
import { and, eq, sql } from 'drizzle-orm';
import { fromCents, toCents } from '../../../contracts/money';
import { overBalanceMessage, PAYMENT_MESSAGES } from '../../../contracts/payments';
import type { DbOrTx } from '../../db/client';
import { customers, invoices, paymentAttempts, paymentLinks, payments } from '../../db/schema/index';
import { conflict, invalid, notFound } from '../../platform/errors';
import { notifyStaff, staffWith } from '../notifications/notify-staff';
import { emitInvoiceStatusEvents } from '../webhooks/emit-event';

export interface PaymentToRecord {
  organizationId: number;
  invoiceId: number | null;
  customerId?: number | null;
  customerName: string | null;
  amountCents: number;
  method: string;
  reference?: string | null;
  notes?: string | null;
  description?: string | null;
  receivedDate?: Date;
  /** The processor's intent id: the key that makes recording idempotent. Null for payments recorded by hand. */
  intentId: string | null;
  processor: 'test' | 'stripe' | 'manual';
  attemptId?: number | null;
  paymentLinkId?: number | null;
  /** A quote's deposit, held against the job until the quote becomes an invoice. */
  estimateId?: number | null;
  /** An online booking's deposit, held against the customer (docs/rules/scheduling.md#holding-a-booking). */
  appointmentId?: number | null;
}

export type PaymentRow = typeof payments.$inferSelect;

export interface InvoiceBalance {
  invoice: typeof invoices.$inferSelect;
  customerName: string | null;
  paidCents: number;
  balanceCents: number;
}

/** The invoice with its completed payments, row-locked so concurrent payments see each other. */
export async function lockInvoiceBalance(tx: DbOrTx, organizationId: number, invoiceId: number): Promise<InvoiceBalance> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.organizationId, organizationId)))
    .for('update');
  if (!invoice) throw notFound(PAYMENT_MESSAGES.invoiceNotFound);
  const [[paid], [customer]] = await Promise.all([
    tx
      .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
      .from(payments)
      .where(and(eq(payments.organizationId, organizationId), eq(payments.invoiceId, invoiceId), eq(payments.status, 'completed'))),
    invoice.customerId
      ? tx.select({ name: customers.name }).from(customers).where(and(eq(customers.id, invoice.customerId), eq(customers.organizationId, organizationId)))
      : Promise.resolve([]),
  ]);
  const paidCents = toCents(paid?.sum ?? '0');
  const balanceCents = Math.max(0, toCents(invoice.total) - paidCents - toCents(invoice.amountCredited));
  return { invoice, customerName: customer?.name ?? null, paidCents, balanceCents };
}

/** Refuses an amount the invoice cannot take: a void invoice, a paid or fully credited one, or more than its balance. */
export function assertPayable(balance: InvoiceBalance, amountCents: number): void {
  if (balance.invoice.status === 'void') throw conflict(PAYMENT_MESSAGES.invoiceVoid);
  if (balance.invoice.status === 'paid' || balance.invoice.status === 'credited' || balance.balanceCents === 0) throw conflict(PAYMENT_MESSAGES.invoicePaid);
  if (amountCents > balance.balanceCents) {
    const message = overBalanceMessage(fromCents(balance.balanceCents));
    throw invalid(`amount: ${message}`, [{ path: 'amount', message }]);
  }
}

/**
 * Inside the caller's transaction: books the payment once (a second report of the same intent returns the first
 * payment), marks the invoice paid when its payments cover the total, completes an invoice's payment link and
 * tells billing staff. `refuseOverBalance` is false only when the processor has already taken the money.
 */
export async function settlePayment(
  tx: DbOrTx,
  p: PaymentToRecord,
  opts: { refuseOverBalance: boolean },
): Promise<{ payment: PaymentRow; invoiceStatus: string | null; created: boolean }> {
  if (p.intentId) {
    const existing = await paymentForIntent(tx, p.organizationId, p.intentId);
    if (existing) return { payment: existing, invoiceStatus: await invoiceStatusOf(tx, existing), created: false };
  }
  const balance = p.invoiceId ? await lockInvoiceBalance(tx, p.organizationId, p.invoiceId) : null;
  if (balance && opts.refuseOverBalance) assertPayable(balance, p.amountCents);

  const receivedDate = p.receivedDate ?? new Date();
  const [inserted] = await tx
    .insert(payments)
    .values({
      organizationId: p.organizationId,
      invoiceId: p.invoiceId,
      customerId: p.customerId ?? balance?.invoice.customerId ?? null,
      invoiceNumber: balance?.invoice.invoiceNumber ?? null,
      customerName: balance?.customerName ?? p.customerName,
      amount: fromCents(p.amountCents),
      method: p.method,
      reference: p.reference ?? null,
      notes: p.notes ?? null,
      description: p.description ?? null,
      receivedDate,
      stripePaymentIntentId: p.intentId,
      processor: p.processor,
      status: 'completed',
      estimateId: p.estimateId ?? null,
      appointmentId: p.appointmentId ?? null,
    })
    .onConflictDoNothing({ target: [payments.organizationId, payments.stripePaymentIntentId] })
    .returning();
  if (!inserted) {
    // Another report of the same intent won the race.
    const existing = (await paymentForIntent(tx, p.organizationId, p.intentId!))!;
    return { payment: existing, invoiceStatus: await invoiceStatusOf(tx, existing), created: false };
  }

  let invoiceStatus: string | null = balance?.invoice.status ?? null;
  // Payments and credit notes together settle it; a void invoice stays void whatever a processor reports.
  const settledCents = balance ? balance.paidCents + p.amountCents + toCents(balance.invoice.amountCredited) : 0;
  if (balance && settledCents >= toCents(balance.invoice.total) && balance.invoice.status !== 'paid' && balance.invoice.status !== 'void') {
    await tx.update(invoices).set({ status: 'paid', paidDate: receivedDate }).where(eq(invoices.id, balance.invoice.id));
    await completeInvoicePaymentLinks(tx, p.organizationId, balance.invoice.id);
    await emitInvoiceStatusEvents(tx, p.organizationId, balance.invoice.id, balance.invoice.status, 'paid');
    invoiceStatus = 'paid';
  }
  if (p.attemptId) {
    await tx.update(paymentAttempts).set({ status: 'succeeded', paymentId: inserted.id, completedAt: new Date() }).where(eq(paymentAttempts.id, p.attemptId));
  }
  if (p.paymentLinkId) {
    // An invoice's link is done once paid; the generic link keeps taking payments.
    await tx
      .update(paymentLinks)
      .set({ status: 'completed', completedAt: new Date() })
      .where(and(eq(paymentLinks.id, p.paymentLinkId), sql`${paymentLinks.invoiceId} is not null`));
  }
  const who = inserted.customerName ?? 'A customer';
  await notifyStaff(tx, await staffWith(tx, p.organizationId, ['view_financials', 'manage_payments']), [
    {
      organizationId: p.organizationId,
      type: 'payment_received',
      title: `Payment received: $${inserted.amount}`,
      body: inserted.invoiceNumber ? `${who} paid invoice ${inserted.invoiceNumber}` : `${who}: ${inserted.description ?? 'payment'}`,
      link: '/payments',
      entityType: 'payment',
      entityId: inserted.id,
    },
  ]);
  return { payment: inserted, invoiceStatus, created: true };
}

/**
 * An invoice that became paid, by whatever route reported the payment (staff by hand, the portal, a webhook, a
 * link), completes its open payment links in the same transaction: the links list says Completed at once, not
 * when someone next opens the link (docs/features.md, Payment links).
 */
export async function completeInvoicePaymentLinks(tx: DbOrTx, organizationId: number, invoiceId: number): Promise<void> {
  await tx
    .update(paymentLinks)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(paymentLinks.organizationId, organizationId), eq(paymentLinks.invoiceId, invoiceId), eq(paymentLinks.status, 'active')));
}

async function paymentForIntent(tx: DbOrTx, organizationId: number, intentId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.stripePaymentIntentId, intentId)));
  return row;
}

async function invoiceStatusOf(tx: DbOrTx, payment: PaymentRow): Promise<string | null> {
  if (!payment.invoiceId) return null;
  const [row] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, payment.invoiceId));
  return row?.status ?? null;
}
