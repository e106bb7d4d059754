import { describe, expect, it } from 'vitest';
import { balanceDueCents, invoiceFormSchema, invoiceTotalCents, newInvoiceValues, toInvoicePayload, workOrderLine, type InvoiceFormValues } from './invoice-form-schema';

const values = (patch: Partial<InvoiceFormValues> = {}): InvoiceFormValues => ({ ...newInvoiceValues(), customerId: 4, ...patch });

describe('invoice form rules (part 1 section 5)', () => {
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
