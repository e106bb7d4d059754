// An invoice's payment link: the one still open is handed out again, else a new one for the balance due.
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { fromCents } from '../../../contracts/money';
import { PAYMENT_LINK_MESSAGES, type PaymentLink } from '../../../contracts/payment-links';
import type { DbOrTx } from '../../db/client';
import { invoices, paymentLinks } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { assertPayable, lockInvoiceBalance } from '../payments/settle-payment';
import { expiryFrom, newLinkId, toPaymentLinkResponse } from './payment-link-response';

export async function createInvoicePaymentLink(
  db: DbOrTx,
  ctx: RequestContext,
  appUrl: string,
  invoiceId: number,
  input: { expiresInDays?: number } = {},
): Promise<{ link: PaymentLink; created: boolean }> {
  const [found] = await db
    .select({ organizationId: invoices.organizationId })
    .from(invoices)
    .where(tenantWhere(tenantScope(ctx), invoices, eq(invoices.id, invoiceId)))
    .limit(1);
  if (!found) throw notFound(PAYMENT_LINK_MESSAGES.invoiceNotFound);

  return openInvoicePaymentLink(db, found.organizationId, invoiceId, appUrl, input);
}

/**
 * The invoice's open payment link, or a new one for its balance due, inside its organization (the caller has found the
 * invoice there). The payment reminder job hands out the same link as staff do. 409 when nothing is owed.
 */
export async function openInvoicePaymentLink(
  db: DbOrTx,
  organizationId: number,
  invoiceId: number,
  appUrl: string,
  input: { expiresInDays?: number } = {},
): Promise<{ link: PaymentLink; created: boolean }> {
  // The invoice row lock makes two clicks on Generate hand out one link, not two.
  return db.transaction(async (tx) => {
    const balance = await lockInvoiceBalance(tx, organizationId, invoiceId);
    assertPayable(balance, 0);
    const now = new Date();
    const amount = fromCents(balance.balanceCents);
    const [open] = await tx
      .select()
      .from(paymentLinks)
      .where(
        and(
          eq(paymentLinks.organizationId, organizationId),
          eq(paymentLinks.invoiceId, invoiceId),
          eq(paymentLinks.status, 'active'),
          or(isNull(paymentLinks.expiresAt), gt(paymentLinks.expiresAt, now)),
        ),
      )
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
      .limit(1);
    if (open) {
      // A partial payment since the link was made lowers what it asks for.
      const row =
        open.amount === amount ? open : (await tx.update(paymentLinks).set({ amount }).where(eq(paymentLinks.id, open.id)).returning())[0];
      return { link: toPaymentLinkResponse(row, balance.invoice.invoiceNumber, appUrl, now), created: false };
    }
    const [row] = await tx
      .insert(paymentLinks)
      .values({
        organizationId: organizationId,
        invoiceId,
        linkId: newLinkId(),
        amount,
        description: `Invoice ${balance.invoice.invoiceNumber}`,
        status: 'active',
        expiresAt: expiryFrom(now, input.expiresInDays),
      })
      .returning();
    return { link: toPaymentLinkResponse(row, balance.invoice.invoiceNumber, appUrl, now), created: true };
  });
}
