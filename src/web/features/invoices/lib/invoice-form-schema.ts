// The invoice form (docs/rules/records.md#invoice-form): only complete lines are sent, each with its discount and tax
// rates, and the figures are priceDocument's (docs/rules/money-and-payments.md#taxes-and-discounts).
import { z } from 'zod';
import { createInvoiceSchema, INVOICE_STATUSES, type CreateInvoiceInput, type Invoice, type InvoiceStatus, type UpdateInvoiceInput } from '@contracts/invoices';
import { fromCents, toCents, type DiscountType } from '@contracts/money';
import { emptyLineItem, linesSubtotalCents, type LineItemValues } from '@/components/line-items-editor';
import { toDateInput } from '@/lib/date-time';
import type { DocumentPricing } from '@/lib/document-pricing';
import { chosenIdField, textField } from '@/lib/form-fields';
import { checkFormDiscount, formDocumentDiscountFields, plainDecimal, plainQuantity } from '@/lib/line-item-schema';
import { completeLinesField, completeLinesToSend, priceCompleteLines } from '@/lib/priced-lines';

export const invoiceFormSchema = z.object({
  customerId: chosenIdField(createInvoiceSchema.shape.customerId),
  workOrderId: z.number().int().positive().nullable(),
  status: z.enum(INVOICE_STATUSES),
  dueDate: z.string(),
  paidDate: z.string(),
  notes: z.string().max(10_000, 'Must be at most 10000 characters'),
  ...formDocumentDiscountFields,
  /** Typed by hand while the organization has no tax rates. */
  tax: textField(createInvoiceSchema.shape.tax),
  lineItems: completeLinesField,
}).superRefine(
  (v, ctx) => checkFormDiscount({ discountType: v.discountType ?? undefined, discountValue: v.discountValue }, ctx),
  // Shown with the other fields' messages, not only once they are fixed.
  { when: () => true },
);

export interface InvoiceFormValues {
  customerId: number | null;
  /** The last work order whose line was added; the invoice is linked to it. */
  workOrderId: number | null;
  status: InvoiceStatus;
  dueDate: string;
  paidDate: string;
  notes: string;
  /** The invoice's own discount on its subtotal; a blank value is none. */
  discountType: DiscountType;
  discountValue: string;
  /** The tax typed by hand: counts only while no line carries a rate. */
  tax: string;
  lineItems: LineItemValues[];
}

export type InvoiceFormOutput = z.output<typeof invoiceFormSchema>;

export function newInvoiceValues(): InvoiceFormValues {
  return {
    customerId: null,
    workOrderId: null,
    status: 'draft',
    dueDate: '',
    paidDate: '',
    notes: '',
    discountType: 'percent',
    discountValue: '',
    tax: '',
    lineItems: [emptyLineItem()],
  };
}

export function invoiceValues(
  invoice: Pick<Invoice, 'customerId' | 'workOrderId' | 'status' | 'dueDate' | 'paidDate' | 'notes' | 'discountType' | 'discountValue' | 'tax' | 'taxes' | 'lineItems'>,
): InvoiceFormValues {
  const status = (INVOICE_STATUSES as readonly string[]).includes(invoice.status) ? (invoice.status as InvoiceStatus) : 'draft';
  return {
    customerId: invoice.customerId,
    workOrderId: invoice.workOrderId,
    status,
    dueDate: toDateInput(invoice.dueDate),
    paidDate: toDateInput(invoice.paidDate),
    notes: invoice.notes ?? '',
    discountType: invoice.discountType ?? 'percent',
    discountValue: plainDecimal(invoice.discountValue),
    // A tax typed by hand is the invoice's tax only while no rate priced it.
    tax: invoice.taxes.length === 0 && invoice.tax !== '0.00' ? invoice.tax : '',
    lineItems:
      invoice.lineItems.length > 0
        ? invoice.lineItems.map((l) => ({
            description: l.description,
            quantity: plainQuantity(l.quantity),
            rate: l.rate,
            discountType: l.discountType ?? 'percent',
            discountValue: plainDecimal(l.discountValue),
            taxRateIds: l.taxRates.map((r) => r.id),
          }))
        : [emptyLineItem()],
  };
}

/** The line a chosen work order adds: its title (or 'Work Order Services'), quantity 1, its total cost. */
export function workOrderLine(workOrder: { title: string | null; totalCost: string }): LineItemValues {
  return { description: workOrder.title?.trim() || 'Work Order Services', quantity: '1', rate: workOrder.totalCost };
}

/** A line nobody has filled in: no description and no amount (the form starts with one). */
export function isBlankLine(line: Partial<LineItemValues> | undefined): boolean {
  return !line?.description?.trim() && linesSubtotalCents([line]) === 0;
}

/** The lines after adding a work order's: blank lines give way to it (docs/features.md, Invoices). */
export function linesWithWorkOrder(lines: readonly LineItemValues[], workOrder: { title: string | null; totalCost: string }): LineItemValues[] {
  return [...lines.filter((l) => !isBlankLine(l)), workOrderLine(workOrder)];
}

const TERM_DAYS: Record<string, number> = { due_on_receipt: 0, net15: 15, net30: 30, net45: 45, net60: 60 };

/**
 * The due date the customer's payment terms suggest, 'YYYY-MM-DD' counted from `today` (the user's calendar day):
 * Net 30 is 30 days on, Due on receipt is today. Unknown or missing terms suggest nothing ('').
 */
export function suggestedDueDate(paymentTerms: string | null | undefined, today: Date = new Date()): string {
  const days = paymentTerms ? TERM_DAYS[paymentTerms] : undefined;
  if (days === undefined) return '';
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The form's figures as the server will price them: only complete lines count. */
export function priceInvoiceForm(values: Pick<InvoiceFormValues, 'lineItems' | 'discountType' | 'discountValue' | 'tax'>, pricing: DocumentPricing, taxExempt: boolean) {
  return priceCompleteLines(values, pricing, taxExempt);
}

const centsOr0 = (amount: string) => {
  try {
    return toCents(amount);
  } catch {
    return 0;
  }
};

/** total - paid - credited, never below 0. */
export function balanceDueCents(totalCents: number, amountPaid: string, amountCredited = '0'): number {
  return Math.max(0, totalCents - centsOr0(amountPaid) - centsOr0(amountCredited));
}

/**
 * The POST body. `raw` is what the fields hold (the figures sent are the form's live ones, which the server works out
 * again); `pricing` gives a line nobody chose rates for the organization's defaults, and `taxExempt` the customer's.
 */
export function toInvoicePayload(out: InvoiceFormOutput, raw: InvoiceFormValues, pricing: DocumentPricing, taxExempt: boolean): CreateInvoiceInput {
  const priced = priceInvoiceForm(raw, pricing, taxExempt);
  return {
    customerId: out.customerId,
    workOrderId: out.workOrderId,
    status: out.status,
    dueDate: out.dueDate || null,
    paidDate: out.paidDate || null,
    notes: out.notes.trim() ? out.notes : null,
    discountType: out.discountValue === null ? null : out.discountType,
    discountValue: out.discountValue,
    subtotal: fromCents(priced.subtotalCents),
    tax: out.tax,
    total: fromCents(priced.totalCents),
    lineItems: completeLinesToSend(out.lineItems, pricing),
  };
}

/**
 * The update also sends the invoice number (docs/rules/records.md#invoice-form); the estimate link is left as it is.
 * A sent invoice's amounts are locked (docs/rules/records.md#locked-invoices): only its status, dates and notes go.
 */
export function toInvoiceUpdate(out: InvoiceFormOutput, raw: InvoiceFormValues, invoice: Invoice, pricing: DocumentPricing, taxExempt: boolean): UpdateInvoiceInput {
  const payload = toInvoicePayload(out, raw, pricing, taxExempt);
  if (invoice.amountsLocked) return { status: payload.status, dueDate: payload.dueDate, paidDate: payload.paidDate, notes: payload.notes };
  return { ...payload, invoiceNumber: invoice.invoiceNumber };
}
