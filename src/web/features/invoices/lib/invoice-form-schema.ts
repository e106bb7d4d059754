// The invoice form (docs/rules/records.md#invoice-form): only complete lines are sent, tax is null and
// subtotal = total = the sum of the line amounts.
import { z } from 'zod';
import { createInvoiceSchema, INVOICE_STATUSES, type CreateInvoiceInput, type Invoice, type InvoiceStatus, type UpdateInvoiceInput } from '@contracts/invoices';
import { lineItemInputSchema } from '@contracts/line-items';
import { fromCents, toCents } from '@contracts/money';
import { emptyLineItem, lineAmount, linesSubtotalCents, type LineItemValues } from '@/components/line-items-editor';
import { toDateInput } from '@/lib/date-time';
import { chosenIdField } from '@/lib/form-fields';
import { plainQuantity } from '@/lib/line-item-schema';

/** A line is sent only when its description, quantity and rate are all filled in. */
export function isCompleteLine(line: Partial<LineItemValues> | undefined): line is LineItemValues {
  return Boolean(line?.description?.trim() && line.quantity?.trim() && line.rate?.trim());
}

const lineValues = z.object({ description: z.string(), quantity: z.string(), rate: z.string() });

export const invoiceFormSchema = z.object({
  customerId: chosenIdField(createInvoiceSchema.shape.customerId),
  workOrderId: z.number().int().positive().nullable(),
  status: z.enum(INVOICE_STATUSES),
  dueDate: z.string(),
  paidDate: z.string(),
  notes: z.string().max(10_000, 'Must be at most 10000 characters'),
  lineItems: z.array(lineValues).superRefine((lines, ctx) => {
    // Complete lines follow the line rules (quantity at least 1, rate not negative); the rest are left out.
    lines.forEach((line, index) => {
      if (!isCompleteLine(line)) return;
      const result = lineItemInputSchema.safeParse(line);
      if (result.success) return;
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: [index, ...issue.path], message: issue.message });
    });
  }),
});

export interface InvoiceFormValues {
  customerId: number | null;
  /** The last work order whose line was added; the invoice is linked to it. */
  workOrderId: number | null;
  status: InvoiceStatus;
  dueDate: string;
  paidDate: string;
  notes: string;
  lineItems: LineItemValues[];
}

export type InvoiceFormOutput = z.output<typeof invoiceFormSchema>;

export function newInvoiceValues(): InvoiceFormValues {
  return { customerId: null, workOrderId: null, status: 'draft', dueDate: '', paidDate: '', notes: '', lineItems: [emptyLineItem()] };
}

export function invoiceValues(invoice: Invoice): InvoiceFormValues {
  const status = (INVOICE_STATUSES as readonly string[]).includes(invoice.status) ? (invoice.status as InvoiceStatus) : 'draft';
  return {
    customerId: invoice.customerId,
    workOrderId: invoice.workOrderId,
    status,
    dueDate: toDateInput(invoice.dueDate),
    paidDate: toDateInput(invoice.paidDate),
    notes: invoice.notes ?? '',
    lineItems:
      invoice.lineItems.length > 0
        ? invoice.lineItems.map((l) => ({ description: l.description, quantity: plainQuantity(l.quantity), rate: l.rate }))
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

/** subtotal = total = the amounts of the complete lines, in cents. */
export function invoiceTotalCents(lines: readonly (Partial<LineItemValues> | undefined)[] | undefined): number {
  return linesSubtotalCents((lines ?? []).filter(isCompleteLine));
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

export function toInvoicePayload(out: InvoiceFormOutput): CreateInvoiceInput {
  const lines = out.lineItems.filter(isCompleteLine);
  const total = fromCents(linesSubtotalCents(lines));
  return {
    customerId: out.customerId,
    workOrderId: out.workOrderId,
    status: out.status,
    dueDate: out.dueDate || null,
    paidDate: out.paidDate || null,
    notes: out.notes.trim() ? out.notes : null,
    subtotal: total,
    tax: null,
    total,
    lineItems: lines.map((l) => ({ description: l.description, quantity: l.quantity, rate: l.rate, amount: lineAmount(l) })),
  };
}

/**
 * The update also sends the invoice number (docs/rules/records.md#invoice-form); the estimate link is left as it is.
 * A sent invoice's amounts are locked (docs/rules/records.md#locked-invoices): only its status, dates and notes go.
 */
export function toInvoiceUpdate(out: InvoiceFormOutput, invoice: Invoice): UpdateInvoiceInput {
  const payload = toInvoicePayload(out);
  if (invoice.amountsLocked) return { status: payload.status, dueDate: payload.dueDate, paidDate: payload.paidDate, notes: payload.notes };
  return { ...payload, invoiceNumber: invoice.invoiceNumber };
}
