// Voiding an invoice (docs/rules/records.md#voiding): it keeps its number and record, owes nothing, and can no
// longer be edited, paid or credited.
import { and, eq } from 'drizzle-orm';
import type { Invoice } from '../../../contracts/invoices';
import { formatMoney, toCents } from '../../../contracts/money';
import type { Db } from '../../db/client';
import { invoices, paymentLinks } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { writeAudit } from '../audit/write-audit';
import { lockInvoiceInScope } from '../documents/lock-invoice';
import { getInvoice } from '../documents/get-invoice';

export const VOID_MESSAGES = {
  already: 'This invoice is already void',
  paid: (amount: string) => `This invoice has payments of ${formatMoney(amount)}: refund them before voiding it, or issue a credit note`,
} as const;

/**
 * Voids the invoice with the reason given: status void, voided_at and the reason kept, its open pay links expired,
 * an audit entry. Refused while completed payments stand against it, since voiding would hide money taken.
 */
export async function voidInvoice(db: Db, ctx: RequestContext, id: number, reason: string): Promise<Invoice> {
  await db.transaction(async (tx) => {
    const current = await lockInvoiceInScope(tx, ctx, id);
    if (current.status === 'void') throw conflict(VOID_MESSAGES.already);
    if (toCents(current.amountPaid) > 0) throw conflict(VOID_MESSAGES.paid(current.amountPaid));
    const organizationId = current.organizationId;
    await tx
      .update(invoices)
      .set({ status: 'void', voidedAt: new Date(), voidReason: reason })
      .where(and(eq(invoices.id, id), eq(invoices.organizationId, organizationId)));
    // Its pay links end as an expired link does: the payer is told the link is no longer valid.
    await tx
      .update(paymentLinks)
      .set({ status: 'expired', expiresAt: new Date() })
      .where(and(eq(paymentLinks.organizationId, organizationId), eq(paymentLinks.invoiceId, id), eq(paymentLinks.status, 'active')));
    await writeAudit(tx, ctx, {
      action: 'invoice.voided',
      entityType: 'invoice',
      entityId: id,
      organizationId,
      details: { invoiceNumber: current.invoiceNumber, from: current.status, reason },
    });
  });
  return getInvoice(db, ctx, id);
}
