// What a customer pays on an invoice under a payment plan (docs/rules/money-and-payments.md#installments): the next
// installment by default, or more, up to the balance due; read by the contract's payment amount rules.
import { z } from 'zod';
import type { PortalInvoice } from '@contracts/customer-portal';
import { toCents } from '@contracts/money';
import { overBalanceMessage, paymentAmountSchema } from '@contracts/payments';
import { textField } from '@/lib/form-fields';

export function payAmountFormSchema(balanceDue: string) {
  return z.object({
    amount: textField(paymentAmountSchema).refine((amount) => toCents(amount) <= toCents(balanceDue), overBalanceMessage(balanceDue)),
  });
}

/** The installment's amount left, never more than the balance due (a credit may have lowered it since). */
export function defaultPayAmount(invoice: Pick<PortalInvoice, 'balanceDue' | 'installment'>): string {
  if (!invoice.installment) return invoice.balanceDue;
  return toCents(invoice.installment.amountDue) <= toCents(invoice.balanceDue) ? invoice.installment.amountDue : invoice.balanceDue;
}
