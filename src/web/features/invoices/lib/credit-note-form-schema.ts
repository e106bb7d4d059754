// The credit note form (docs/rules/records.md#credit-notes): a reason and the lines credited, read by the contract.
import { z } from 'zod';
import { createCreditNoteSchema, type CreateCreditNoteInput } from '@contracts/credit-notes';
import { creditableCents, type Invoice } from '@contracts/invoices';
import { fromCents } from '@contracts/money';
import type { LineItemValues } from '@/components/line-items-editor';
import { textField } from '@/lib/form-fields';
import { formLineItemsSchema } from '@/lib/line-item-schema';

export const creditNoteFormSchema = z.object({
  reason: textField(createCreditNoteSchema.shape.reason),
  lineItems: formLineItemsSchema,
});

export interface CreditNoteFormValues {
  reason: string;
  lineItems: LineItemValues[];
}
export type CreditNoteFormOutput = z.output<typeof creditNoteFormSchema>;

/** One line crediting everything still creditable; staff lower it or replace it with the lines they mean. */
export function creditNoteValues(invoice: Pick<Invoice, 'invoiceNumber' | 'total' | 'amountCredited'>): CreditNoteFormValues {
  return { reason: '', lineItems: [{ description: `Credit for ${invoice.invoiceNumber}`, quantity: '1', rate: fromCents(creditableCents(invoice)) }] };
}

export function toCreditNotePayload(out: CreditNoteFormOutput): CreateCreditNoteInput {
  return { reason: out.reason, lineItems: out.lineItems };
}
