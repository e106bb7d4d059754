import { describe, expect, it } from 'vitest';
import {
  balanceDueCents,
  invoiceFormSchema,
  invoiceTotalCents,
  linesWithWorkOrder,
  newInvoiceValues,
  suggestedDueDate,
  toInvoicePayload,
  workOrderLine,
  type InvoiceFormValues,
} from './invoice-form-schema';

const values = (patch: Partial<InvoiceFormValues> = {}): InvoiceFormValues => ({ ...newInvoiceValues(), customerId: 4, ...patch });

describe('invoice form rules (docs/rules/records.md#invoice-form)', () => {
  it('asks for a customer', () => {
    const result = invoiceFormSchema.safeParse(values({ customerId: null }));
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please select a customer']);
  });

  it('sends only complete lines, tax null, subtotal = total = their sum', () => {
    const raw = values({
      lineItems: [
        { description: '', quantity: '1', rate: '0' },
        { description: 'Repair', quantity: '1', rate: '250.50' },
        { description: 'Parts', quantity: '', rate: '10' },
        { description: 'Trip fee', quantity: '2', rate: '19.99' },
      ],
    });
    const payload = toInvoicePayload(invoiceFormSchema.parse(raw));
    expect(payload.tax).toBeNull();
    expect(payload.subtotal).toBe('290.48');
    expect(payload.total).toBe('290.48');
    expect(payload.lineItems).toEqual([
      { description: 'Repair', quantity: '1', rate: '250.50', amount: '250.50' },
      { description: 'Trip fee', quantity: '2', rate: '19.99', amount: '39.98' },
    ]);
    expect(invoiceTotalCents(raw.lineItems)).toBe(29048);
  });

  it('checks complete lines with the line rules', () => {
    const result = invoiceFormSchema.safeParse(values({ lineItems: [{ description: 'Repair', quantity: '0', rate: '5' }] }));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['lineItems.0.quantity', 'Quantity must be at least 1']]);
  });

  it('adds a work order as one line, with a fallback description', () => {
    expect(workOrderLine({ title: 'Fix sink', totalCost: '180.00' })).toEqual({ description: 'Fix sink', quantity: '1', rate: '180.00' });
    expect(workOrderLine({ title: '', totalCost: '5.00' }).description).toBe('Work Order Services');
  });

  it('never shows a negative balance', () => {
    expect(balanceDueCents(10000, '25.00')).toBe(7500);
    expect(balanceDueCents(10000, '150.00')).toBe(0);
  });
});

describe('invoice form suggestions (docs/features.md, Invoices)', () => {
  it("a work order's line replaces the blank starting line, and keeps the lines someone filled in", () => {
    const wo = { title: 'Boiler service', totalCost: '166.22' };
    expect(linesWithWorkOrder(newInvoiceValues().lineItems, wo)).toEqual([{ description: 'Boiler service', quantity: '1', rate: '166.22' }]);
    const typed = { description: 'Call-out fee', quantity: '1', rate: '40' };
    const priced = { description: '', quantity: '2', rate: '10' };
    expect(linesWithWorkOrder([typed, priced, { description: ' ', quantity: '1', rate: '0' }], wo)).toEqual([typed, priced, workOrderLine(wo)]);
  });

  it("suggests the due date from the customer's payment terms, counted from today", () => {
    const today = new Date(2026, 10, 25);
    expect(suggestedDueDate('net15', today)).toBe('2026-12-10');
    expect(suggestedDueDate('net30', today)).toBe('2026-12-25');
    expect(suggestedDueDate('net45', today)).toBe('2027-01-09');
    expect(suggestedDueDate('net60', today)).toBe('2027-01-24');
    expect(suggestedDueDate('due_on_receipt', today)).toBe('2026-11-25');
    expect(suggestedDueDate(null, today)).toBe('');
    expect(suggestedDueDate('whenever', today)).toBe('');
  });
});
