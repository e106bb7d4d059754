import { describe, expect, it } from 'vitest';
import type { Estimate } from '@contracts/estimates';
import { documentPricingOf, type DocumentPricing } from '@/lib/document-pricing';
import {
  estimateFormSchema,
  estimateValues,
  formStatus,
  newEstimateValues,
  priceEstimateForm,
  statusChoices,
  toEstimatePayload,
  toEstimateUpdate,
  formDepositCents,
  type EstimateFormValues,
} from './estimate-form-schema';

const values = (patch: Partial<EstimateFormValues> = {}): EstimateFormValues => ({
  ...newEstimateValues(),
  customerId: 3,
  title: 'Kitchen remodel',
  lineItems: [{ description: 'Cabinets', quantity: '2', rate: '199.99' }],
  ...patch,
});

/** An organization without tax rates. */
const NO_RATES = documentPricingOf({ pricesIncludeTax: false, taxRounding: 'per_document', rates: [] });

/** subtotal, tax and total in cents, as the form shows them. */
const estimateTotals = (raw: Parameters<typeof priceEstimateForm>[0], pricing: DocumentPricing = NO_RATES, taxExempt = false) => {
  const priced = priceEstimateForm(raw, pricing, taxExempt);
  return { subtotalCents: priced.subtotalCents, taxCents: priced.taxCents, totalCents: priced.totalCents };
};
const payloadOf = (raw: EstimateFormValues, pricing: DocumentPricing = NO_RATES) => toEstimatePayload(estimateFormSchema.parse(raw), raw, pricing, false);
const plainLine = { discountType: null, discountValue: null, discount: '0.00', taxRates: [] };

const stored = (patch: Partial<Estimate> = {}): Estimate => ({
  id: 7,
  organizationId: 1,
  estimateNumber: 'EST-00007',
  customerId: 3,
  customerName: 'Pat Customer',
  customerHasEmail: true,
  title: 'Kitchen remodel',
  description: null,
  status: 'draft',
  subtotal: '409.98',
  tax: '0.00',
  total: '409.98',
  validUntil: null,
  notes: null,
  terms: '50% deposit',
  lineItems: [
    { id: 1, description: 'Cabinets', quantity: '2.00', rate: '199.99', amount: '399.98', sortOrder: 0, optional: false, selected: true, ...plainLine },
    { id: 2, description: 'Soft-close hinges', quantity: '1.00', rate: '10.00', amount: '10.00', sortOrder: 1, optional: true, selected: true, ...plainLine },
    { id: 3, description: 'Under-cabinet lights', quantity: '1.00', rate: '80.00', amount: '80.00', sortOrder: 2, optional: true, selected: false, ...plainLine },
  ],
  discountType: null,
  discountValue: null,
  discount: '0.00',
  taxes: [],
  pricesIncludeTax: false,
  taxExempt: false,
  taxRounding: 'per_document',
  version: 1,
  approvalPath: null,
  sentAt: null,
  viewedAt: null,
  convertedAt: null,
  responses: [],
  workOrders: [],
  invoices: [],
  depositType: null,
  depositValue: null,
  depositAmount: null,
  depositPaid: '0.00',
  versions: [],
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
  ...patch,
});

describe('estimate form rules (docs/rules/records.md#estimate-form)', () => {
  it('asks for a customer and a title', () => {
    const result = estimateFormSchema.safeParse(values({ customerId: null, title: '' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(expect.arrayContaining(['Please select a customer', 'Title is required']));
  });

  it('totals subtotal plus tax in cents', () => {
    expect(estimateTotals(values({ tax: '32.00' }))).toEqual({ subtotalCents: 39998, taxCents: 3200, totalCents: 43198 });
  });

  it('sends the lines as a JSON string and the amounts as strings', () => {
    const raw = values({ tax: '10', validUntil: '2026-12-31', terms: '  ', notes: 'Gate code 1234' });
    const payload = payloadOf(raw);
    expect(payload).toMatchObject({ subtotal: '399.98', tax: '10.00', total: '409.98', validUntil: '2026-12-31', status: 'draft', terms: null, notes: 'Gate code 1234' });
    expect(JSON.parse(payload.lineItems as string)).toEqual([
      { description: 'Cabinets', quantity: '2.00', rate: '199.99', amount: '399.98', discountType: null, discountValue: null, taxRateIds: [] },
    ]);
  });
});

describe('optional lines', () => {
  const lines = [
    { description: 'Cabinets', quantity: '2', rate: '199.99' },
    { description: 'Soft-close hinges', quantity: '1', rate: '10', optional: true },
    { description: 'Under-cabinet lights', quantity: '1', rate: '80', optional: true, selected: true },
  ];

  it('leaves an optional line the customer has not ticked out of the total, and counts one they ticked', () => {
    expect(estimateTotals(values({ lineItems: lines, tax: '5' }))).toEqual({ subtotalCents: 39998 + 8000, taxCents: 500, totalCents: 39998 + 8000 + 500 });
    // Every line optional and none ticked: nothing to pay yet.
    expect(estimateTotals(values({ lineItems: [lines[1]] })).totalCents).toBe(0);
  });

  it('counts nothing for a line still being typed or one the form refuses', () => {
    const typing = [...lines, { description: 'Trim', quantity: '-1', rate: '5' }, { description: 'Paint', quantity: '1', rate: 'abc' }];
    expect(estimateTotals(values({ lineItems: typing })).subtotalCents).toBe(39998 + 8000);
  });

  it('sends optional and selected on optional lines, the amount of each line, and the subtotal of the lines that count', () => {
    const raw = values({ lineItems: lines });
    const payload = payloadOf(raw);
    const plain = { discountType: null, discountValue: null, taxRateIds: [] };
    expect(JSON.parse(payload.lineItems as string)).toEqual([
      { description: 'Cabinets', quantity: '2.00', rate: '199.99', amount: '399.98', ...plain },
      { description: 'Soft-close hinges', quantity: '1.00', rate: '10.00', amount: '10.00', ...plain, optional: true, selected: false },
      { description: 'Under-cabinet lights', quantity: '1.00', rate: '80.00', amount: '80.00', ...plain, optional: true, selected: true },
    ]);
    expect(payload).toMatchObject({ subtotal: '479.98', total: '479.98' });
  });

  it("loads the stored lines' optional flags; a required line made optional starts unticked", () => {
    const loaded = estimateValues(stored());
    expect(loaded.lineItems.map((l) => [l.optional, l.selected])).toEqual([
      [false, false],
      [true, true],
      [true, false],
    ]);
    expect(loaded.terms).toBe('50% deposit');
  });
});

describe('statuses', () => {
  it('offers what staff may set, plus the current status when only the server sets it', () => {
    expect(statusChoices('draft')).toEqual(['draft', 'sent', 'approved', 'declined', 'changes_requested', 'expired']);
    expect(statusChoices('viewed')[0]).toBe('viewed');
    expect(statusChoices('converted')).toContain('converted');
    expect(formStatus('accepted')).toBe('approved');
    expect(formStatus('nonsense')).toBe('draft');
  });

  it('does not send back a status only the server sets (viewed)', () => {
    const raw = estimateValues(stored({ status: 'viewed' }));
    const payload = toEstimateUpdate(estimateFormSchema.parse(raw), raw, { status: 'viewed' }, NO_RATES, false);
    expect(payload).not.toHaveProperty('status');
    expect(payload).toMatchObject({ title: 'Kitchen remodel', terms: '50% deposit' });
  });
});

describe('a locked (approved or converted) estimate', () => {
  it('sends nothing: what the customer signed does not change, the notes neither', () => {
    for (const status of ['approved', 'converted']) {
      const raw = { ...estimateValues(stored({ status })), notes: 'Customer wants a Monday start', title: 'Changed anyway' };
      expect(toEstimateUpdate(estimateFormSchema.parse(raw), raw, { status }, NO_RATES, false)).toBeNull();
    }
  });
});

describe('deposits', () => {
  it('a percent deposit is computed on the live total in cents, and sent with its type', () => {
    const raw = values({ depositType: 'percent', depositValue: '25', tax: '10' });
    expect(formDepositCents(raw, NO_RATES, false)).toBe(Math.round((estimateTotals(raw).totalCents * 25) / 100));
    const payload = payloadOf(raw);
    expect(payload).toMatchObject({ depositType: 'percent', depositValue: '25.00' });
  });

  it('no deposit sends null for both; a type without a value or a percent over 100 is refused', () => {
    const none = values({ depositType: 'none', depositValue: '40' });
    expect(payloadOf(none)).toMatchObject({ depositType: null, depositValue: null });
    expect(formDepositCents(none, NO_RATES, false)).toBe(0);
    const missing = estimateFormSchema.safeParse(values({ depositType: 'fixed', depositValue: '' }));
    expect(missing.success ? [] : missing.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['depositValue', 'Enter the deposit']]);
    const over = estimateFormSchema.safeParse(values({ depositType: 'percent', depositValue: '120' }));
    expect(over.success ? [] : over.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['depositValue', 'A percent deposit is at most 100']]);
  });

  it('a fixed deposit never passes the total', () => {
    const raw = values({ depositType: 'fixed', depositValue: '100000' });
    expect(formDepositCents(raw, NO_RATES, false)).toBe(estimateTotals(raw).totalCents);
  });
});

describe('taxes and discounts (docs/rules/money-and-payments.md#taxes-and-discounts)', () => {
  const pricing = documentPricingOf({
    pricesIncludeTax: false,
    taxRounding: 'per_document',
    rates: [
      { id: 21, name: 'State', percent: '6.25', isDefault: true, archived: false },
      { id: 22, name: 'City', percent: '2', isDefault: false, archived: false },
    ],
  });
  // 2 x 199.99 = 399.98 less 10 % (40.00) is 359.98; the optional 80.00 ticked by the customer counts; 439.98 less 10.00.
  const lines = [
    { description: 'Cabinets', quantity: '2', rate: '199.99', discountType: 'percent' as const, discountValue: '10', taxRateIds: [21, 22] },
    { description: 'Under-cabinet lights', quantity: '1', rate: '80', optional: true, selected: true },
    { description: 'Soft-close hinges', quantity: '1', rate: '10', optional: true },
  ];
  const raw = values({ lineItems: lines, discountType: 'amount', discountValue: '10', tax: '99' });

  it('prices the counted lines net of their discounts, less the estimate discount, plus each rate; the typed tax no longer counts', () => {
    const priced = priceEstimateForm(raw, pricing, false);
    expect(priced.subtotalCents).toBe(35998 + 8000);
    expect(priced.discountCents).toBe(1000);
    // State on both counted lines (the lights carry the default): 429.98 x 6.25 % = 26.87375, rounded once: 26.87.
    // City on the cabinets only: 359.98 x 429.98 / 439.98 = 351.798... x 2 % = 7.04.
    expect(priced.taxes.map((t) => [t.name, t.amount])).toEqual([
      ['State', '26.87'],
      ['City', '7.04'],
    ]);
    expect(priced.totalCents).toBe(42998 + 2687 + 704);
  });

  it('sends the line discounts, the rates (the default ones on a line nobody chose for) and the estimate discount', () => {
    const payload = payloadOf(raw, pricing);
    expect(payload).toMatchObject({ discountType: 'amount', discountValue: '10.00', total: '463.89' });
    expect(JSON.parse(payload.lineItems as string).map((l: { discountType: string; discountValue: string; taxRateIds: number[] }) => [l.discountType, l.discountValue, l.taxRateIds])).toEqual([
      ['percent', '10.00', [21, 22]],
      [null, null, [21]],
      [null, null, [21]],
    ]);
  });

  it('a deposit percent is taken of the taxed total; a tax-exempt customer pays no tax', () => {
    const deposit = { ...raw, depositType: 'percent' as const, depositValue: '50' };
    // Half of 463.89, rounded half away from zero.
    expect(formDepositCents(deposit, pricing, false)).toBe(23195);
    expect(estimateTotals(raw, pricing, true)).toEqual({ subtotalCents: 43998, taxCents: 0, totalCents: 42998 });
  });

  it("loads a saved estimate's line discounts, rates and its own discount", () => {
    const saved = stored({
      discountType: 'percent',
      discountValue: '12.50',
      tax: '5.00',
      taxes: [{ taxRateId: 21, name: 'State', percent: '6.25', amount: '5.00' }],
      lineItems: [
        { ...stored().lineItems[0], discountType: 'amount', discountValue: '20.00', discount: '20.00', taxRates: [{ id: 21, name: 'State', percent: '6.25' }] },
      ],
    });
    const loaded = estimateValues(saved);
    expect(loaded).toMatchObject({ discountType: 'percent', discountValue: '12.5', tax: '' });
    expect(loaded.lineItems[0]).toMatchObject({ discountType: 'amount', discountValue: '20', taxRateIds: [21] });
  });
});
