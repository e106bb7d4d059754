// The public pay page's view of a link. Each open counts a click; only what the page needs leaves the server.
import { and, asc, eq, sql } from 'drizzle-orm';
import { fromCents } from '../../../contracts/money';
import { PAYMENT_LINK_MESSAGES, type PublicPaymentLink } from '../../../contracts/payment-links';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { invoiceLineItems, organizations, paymentLinks } from '../../db/schema/index';
import { notFound } from '../../platform/errors';
import { runAll } from '../../platform/lists';
import { paymentMode } from '../payments/payment-mode';
import { lockInvoiceBalance, type InvoiceBalance } from '../payments/settle-payment';
import { effectiveStatus, publicStatus, type PaymentLinkRow } from './payment-link-response';
import { activePlans, planView } from '../payment-plans/plan-state';

/** The link's status for a payer: an invoice paid some other way (by hand, in the portal) completes it too. */
export function payerStatus(link: PaymentLinkRow, balance: InvoiceBalance | null, now = new Date()) {
  const status = publicStatus(effectiveStatus(link, now));
  if (status === 'active' && balance?.invoice.status === 'void') return 'expired';
  if (status === 'active' && balance && (balance.balanceCents === 0 || balance.invoice.status === 'paid')) return 'completed';
  return status;
}

export async function openPaymentLink(db: DbOrTx, config: Pick<Config, 'APP_SECRET'>, linkId: string): Promise<PublicPaymentLink> {
  const now = new Date();
  const [link] = await db
    .update(paymentLinks)
    .set({ clickCount: sql`${paymentLinks.clickCount} + 1`, lastClickedAt: now })
    .where(eq(paymentLinks.linkId, linkId))
    .returning();
  if (!link) throw notFound(PAYMENT_LINK_MESSAGES.notFound);

  const [[org], balance, lines, mode] = await runAll(
    db,
    () =>
      db
      .select({ name: organizations.name, logo: organizations.logo, phone: organizations.phone, email: organizations.email })
      .from(organizations)
      .where(eq(organizations.id, link.organizationId)),
    // A single statement outside a transaction: the row lock ends with it.
    () => (link.invoiceId ? lockInvoiceBalance(db, link.organizationId, link.invoiceId) : Promise.resolve(null)),
    () =>
      link.invoiceId
        ? db
          .select({ description: invoiceLineItems.description, quantity: invoiceLineItems.quantity, rate: invoiceLineItems.rate, amount: invoiceLineItems.amount })
          .from(invoiceLineItems)
          .where(and(eq(invoiceLineItems.organizationId, link.organizationId), eq(invoiceLineItems.invoiceId, link.invoiceId)))
          .orderBy(asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id))
        : Promise.resolve([]),
    () => paymentMode(db, config, link.organizationId),
  );
  if (!org) throw notFound(PAYMENT_LINK_MESSAGES.notFound);
  const plan = balance ? (await activePlans(db, link.organizationId, [balance.invoice.id])).get(balance.invoice.id) : undefined;
  const installment = plan && balance && balance.balanceCents > 0 ? planView(plan.plan, plan.rows, balance.balanceCents, now).next : null;

  return {
    linkId: link.linkId,
    status: payerStatus(link, balance, now),
    organization: org,
    invoice: balance
      ? {
          invoiceNumber: balance.invoice.invoiceNumber,
          customerName: balance.customerName,
          total: balance.invoice.total,
          balanceDue: fromCents(balance.balanceCents),
          dueDate: balance.invoice.dueDate?.toISOString() ?? null,
          lineItems: lines,
          installment,
        }
      : null,
    amount: balance ? (installment ? installment.amountDue : fromCents(balance.balanceCents)) : link.amount,
    description: link.description,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    testMode: mode.testMode,
  };
}
