// The credit note form (docs/rules/records.md#credit-notes): a reason and the lines credited, read by the contract. A
// credit is priced as its invoice was (docs/rules/money-and-payments.md#taxes-and-discounts): its lines carry the
// invoice lines' tax rates, so the tax credited follows the tax invoiced.
import { z } from 'zod';
import { createCreditNoteSchema, type CreateCreditNoteInput } from '@contracts/credit-notes';
import { creditableCents, type Invoice } from '@contracts/invoices';
import { fromCents, toCents } from '@contracts/money';
import type { LineItemValues } from '@/components/line-items-editor';
import { lineRateIds, priceForm, type DocumentPricing } from '@/lib/document-pricing';
import { textField } from '@/lib/form-fields';
import { checkFormDiscount, formLineItemSchema, formPricedLineFields, plainDecimal, plainQuantity } from '@/lib/line-item-schema';

const creditLineSchema = formLineItemSchema
  .extend(formPricedLineFields)
  .superRefine((line, ctx) => checkFormDiscount({ discountType: line.discountType ?? undefined, discountValue: line.discountValue }, ctx));

export const creditNoteFormSchema = z.object({
  reason: textField(createCreditNoteSchema.shape.reason),
  lineItems: z.array(creditLineSchema).min(1, 'Add at least one line item'),
});

export interface CreditNoteFormValues {
  reason: string;
  lineItems: LineItemValues[];
}
export type CreditNoteFormOutput = z.output<typeof creditNoteFormSchema>;

type CreditedInvoice = Pick<Invoice, 'invoiceNumber' | 'total' | 'amountCredited' | 'lineItems' | 'taxes' | 'discount'>;

/**
 * The invoice's lines, each with its rates and with the invoice's own discount shared over them in proportion (the
 * last line takes what rounding leaves, so the shares add up to it): crediting them all credits the invoice's total.
 */
function invoiceLinesToCredit(invoice: CreditedInvoice): LineItemValues[] {
  const nets = invoice.lineItems.map((l) => toCents(l.amount) - toCents(l.discount));
  const subtotal = nets.reduce((s, n) => s + n, 0);
  const documentDiscount = toCents(invoice.discount);
  let shared = 0;
  return invoice.lineItems.map((line, i) => {
    const isLast = i === invoice.lineItems.length - 1;
    const share = subtotal > 0 ? (isLast ? documentDiscount - shared : Math.round((nets[i] * documentDiscount) / subtotal)) : 0;
    shared += share;
    const ownDiscount = toCents(line.discount);
    // A line's own discount stays as it was given unless the invoice's discount adds to it: then it is one amount.
    const discount =
      share === 0
        ? { discountType: line.discountType ?? 'percent', discountValue: plainDecimal(line.discountValue) }
        : { discountType: 'amount' as const, discountValue: plainDecimal(fromCents(ownDiscount + share)) };
    return { description: line.description, quantity: plainQuantity(line.quantity), rate: line.rate, ...discount, taxRateIds: line.taxRates.map((r) => r.id) };
  });
}

/**
 * An invoice priced with tax rates and not credited yet: its own lines, so the credit carries their rates. Otherwise one
 * line crediting everything still creditable (what is left already includes its tax). Staff lower it or replace it with
 * the lines they mean.
 */
export function creditNoteValues(invoice: CreditedInvoice): CreditNoteFormValues {
  if (invoice.taxes.length > 0 && toCents(invoice.amountCredited) === 0 && invoice.lineItems.length > 0) {
    return { reason: '', lineItems: invoiceLinesToCredit(invoice) };
  }
  return { reason: '', lineItems: [{ description: `Credit for ${invoice.invoiceNumber}`, quantity: '1', rate: fromCents(creditableCents(invoice)), taxRateIds: [] }] };
}

/**
 * The credit's figures as the server will work them out: the invoice's way of pricing (prices including tax or not,
 * the customer's exemption) and each rate as the invoice's lines carry it.
 */
export function priceCreditForm(lineItems: CreditNoteFormValues['lineItems'] | undefined, pricing: DocumentPricing, invoice: Pick<Invoice, 'pricesIncludeTax' | 'taxExempt'>) {
  return priceForm({ lineItems }, { ...pricing, pricesIncludeTax: invoice.pricesIncludeTax }, invoice.taxExempt);
}

/** The lines as the contract reads them: a blank discount value is none; a line nobody chose rates for takes the defaults. */
export function toCreditNotePayload(out: CreditNoteFormOutput, raw: CreditNoteFormValues, pricing: DocumentPricing): CreateCreditNoteInput {
  return {
    reason: out.reason,
    lineItems: out.lineItems.map((line, i) => ({
      description: line.description,
      quantity: line.quantity,
      rate: line.rate,
      discountType: line.discountValue ? (line.discountType ?? 'percent') : null,
      discountValue: line.discountValue ?? null,
      taxRateIds: lineRateIds(raw.lineItems[i], pricing),
    })),
  };
}

