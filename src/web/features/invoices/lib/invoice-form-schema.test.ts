import { describe, expect, it } from 'vitest';
import { documentPricingOf } from '@/lib/document-pricing';
import {
  balanceDueCents,
  invoiceFormSchema,
  invoiceValues,
  linesWithWorkOrder,
  newInvoiceValues,
  priceInvoiceForm,
  suggestedDueDate,
  toInvoicePayload,
  workOrderLine,
  type InvoiceFormValues,
} from './invoice-form-schema';

const values = (patch: Partial<InvoiceFormValues> = {}): InvoiceFormValues => ({ ...newInvoiceValues(), customerId: 4, ...patch });
/** An organization without tax rates. */
const NO_RATES = documentPricingOf({ pricesIncludeTax: false, taxRounding: 'per_document', rates: [] });
const payloadOf = (raw: InvoiceFormValues, pricing = NO_RATES, taxExempt = false) => toInvoicePayload(invoiceFormSchema.parse(raw), raw, pricing, taxExempt);

describe('invoice form rules (docs/rules/records.md#invoice-form)', () => {
  it('asks for a customer', () => {
    const result = invoiceFormSchema.safeParse(values({ customerId: null }));
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please select a customer']);
  });

  it('sends only complete lines, tax null, no discount, subtotal = total = their sum', () => {
    const raw = values({
      lineItems: [
        { description: '', quantity: '1', rate: '0' },
        { description: 'Repair', quantity: '1', rate: '250.50' },
        { description: 'Parts', quantity: '', rate: '10' },
        { description: 'Trip fee', quantity: '2', rate: '19.99' },
      ],
    });
    const payload = payloadOf(raw);
    expect(payload.tax).toBeNull();
    expect(payload).toMatchObject({ subtotal: '290.48', total: '290.48', discountType: null, discountValue: null });
    const plain = { discountType: null, discountValue: null, taxRateIds: [] };
    expect(payload.lineItems).toEqual([
      { description: 'Repair', quantity: '1', rate: '250.50', amount: '250.50', ...plain },
      { description: 'Trip fee', quantity: '2', rate: '19.99', amount: '39.98', ...plain },
    ]);
    expect(priceInvoiceForm(raw, NO_RATES, false).totalCents).toBe(29048);
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

describe('taxes and discounts (docs/rules/money-and-payments.md#taxes-and-discounts)', () => {
  const rates = [
    { id: 11, name: 'State', percent: '6.25', isDefault: true, archived: false },
    { id: 12, name: 'City', percent: '2', isDefault: true, archived: false },
    { id: 13, name: 'Old county', percent: '1', isDefault: false, archived: true },
  ];
  const pricing = documentPricingOf({ pricesIncludeTax: false, taxRounding: 'per_document', rates });
  // 2 x 100.00 less 10 % is 180.00, and 50.00: 230.00, less the invoice's 5.00 is 225.00 taxed at 6.25 % and 2 %.
  const raw = values({
    discountType: 'amount',
    discountValue: '5',
    lineItems: [
      { description: 'Boiler service', quantity: '2', rate: '100', discountType: 'percent', discountValue: '10' },
      { description: 'Filter', quantity: '1', rate: '50' },
    ],
  });

  it('offers the active rates and ticks the default ones on a line nobody chose rates for', () => {
    expect(pricing.activeRates.map((r) => r.name)).toEqual(['State', 'City']);
    expect(pricing.defaultRateIds).toEqual([11, 12]);
    expect(pricing.rateById.get(13)).toEqual({ id: 13, name: 'Old county', percent: '1' });
  });

  it('prices like the server: 225.00 + 14.06 + 4.50 = 243.56', () => {
    const priced = priceInvoiceForm(raw, pricing, false);
    expect(priced.subtotalCents).toBe(23000);
    expect(priced.discountCents).toBe(500);
    expect(priced.taxes).toEqual([
      { taxRateId: 11, name: 'State', percent: '6.25', amount: '14.06' },
      { taxRateId: 12, name: 'City', percent: '2', amount: '4.50' },
    ]);
    expect(priced.totalCents).toBe(24356);
  });

  it("a tax-exempt customer's lines keep their rates, which add nothing", () => {
    expect(priceInvoiceForm(raw, pricing, true).totalCents).toBe(22500);
    const { lineItems } = payloadOf(raw, pricing, true);
    expect(Array.isArray(lineItems) && lineItems[0]).toMatchObject({ taxRateIds: [11, 12] });
  });

  it('sends each line with its discount and rates (the defaults where none were chosen), and the invoice discount', () => {
    const unticked = { ...raw, lineItems: [raw.lineItems[0], { ...raw.lineItems[1], taxRateIds: [12] }] };
    const payload = payloadOf(unticked, pricing);
    expect(payload).toMatchObject({ discountType: 'amount', discountValue: '5.00', tax: null });
    expect(Array.isArray(payload.lineItems) && payload.lineItems.map((l) => [l.discountType, l.discountValue, l.taxRateIds])).toEqual([
      ['percent', '10.00', [11, 12]],
      [null, null, [12]],
    ]);
    // State on the first line only: 180.00 x 225 / 230 x 6.25 % = 11.005 -> 11.01; City on both: 225.00 x 2 % = 4.50.
    expect(payload.total).toBe('240.51');
  });

  it('refuses a percent discount over 100, on the line and on the invoice, with the contract words', () => {
    const over = values({ discountType: 'percent', discountValue: '120', lineItems: [{ description: 'Fix', quantity: '1', rate: '10', discountValue: '101' }] });
    const result = invoiceFormSchema.safeParse(over);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lineItems.0.discountValue', 'A percent discount is at most 100'],
      ['discountValue', 'A percent discount is at most 100'],
    ]);
  });

  it('adds the tax typed by hand while no line carries a rate', () => {
    const manual = values({ tax: '12.5', lineItems: [{ description: 'Fix', quantity: '1', rate: '100' }] });
    expect(priceInvoiceForm(manual, NO_RATES, false).totalCents).toBe(11250);
    expect(payloadOf(manual).tax).toBe('12.50');
    // A line carrying a rate: the typed tax no longer counts.
    expect(priceInvoiceForm(manual, pricing, false).totalCents).toBe(10000 + 625 + 200);
  });

  it('loads a saved invoice with its lines\' discounts and rates', () => {
    const saved = {
      customerId: 4,
      workOrderId: null,
      status: 'draft' as const,
      dueDate: null,
      paidDate: null,
      notes: null,
      discountType: 'amount',
      discountValue: '5.00',
      tax: '18.56',
      taxes: [{ taxRateId: 11, name: 'State', percent: '6.25', amount: '14.06' }],
      lineItems: [
        { id: 1, description: 'Boiler service', quantity: '2.00', rate: '100.00', amount: '200.00', sortOrder: 0, discountType: 'percent', discountValue: '10.00', discount: '20.00', taxRates: [{ id: 11, name: 'State', percent: '6.25' }] },
      ],
    } satisfies Parameters<typeof invoiceValues>[0];
    const loaded = invoiceValues(saved);
    expect(loaded).toMatchObject({ discountType: 'amount', discountValue: '5', tax: '' });
    expect(loaded.lineItems).toEqual([{ description: 'Boiler service', quantity: '2', rate: '100.00', discountType: 'percent', discountValue: '10', taxRateIds: [11] }]);
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
