import { describe, expect, it } from 'vitest';
import { createRecurringInvoiceSchema, updateRecurringInvoiceSchema, type RecurringInvoice } from '@contracts/recurring-invoices';
import { documentPricingOf } from '@/lib/document-pricing';
import {
  newRecurringInvoiceValues,
  recurringInvoiceFormSchema,
  recurringInvoiceValues,
  toRecurringInvoiceBody,
  withStatus,
  type RecurringInvoiceFormValues,
} from './recurring-invoice-form';

const NO_RATES = documentPricingOf({ pricesIncludeTax: false, taxRounding: 'per_document', rates: [] });
const DEFAULT_RATE = documentPricingOf({
  pricesIncludeTax: false,
  taxRounding: 'per_document',
  rates: [{ id: 7, name: 'State', percent: '6.25', isDefault: true, archived: false }],
});

const values = (patch: Partial<RecurringInvoiceFormValues> = {}): RecurringInvoiceFormValues => ({
  ...newRecurringInvoiceValues(new Date(2025, 4, 15)),
  customerId: 4,
  title: 'Lawn care',
  lineItems: [{ description: 'Mowing', quantity: '2', rate: '40' }],
  ...patch,
});
const messages = (raw: RecurringInvoiceFormValues) => {
  const result = recurringInvoiceFormSchema.safeParse(raw);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const bodyOf = (raw: RecurringInvoiceFormValues, pricing = NO_RATES) => toRecurringInvoiceBody(recurringInvoiceFormSchema.parse(raw), pricing);

describe('recurring invoice form (docs/rules/money-and-payments.md#recurring-invoices)', () => {
  it('starts monthly from today, due in 30 days, e-mailed, never ending', () => {
    expect(newRecurringInvoiceValues(new Date(2025, 4, 15))).toMatchObject({
      frequency: 'monthly',
      interval: '1',
      startDate: '2025-05-15',
      ends: 'never',
      dueDays: '30',
      sendEmail: true,
    });
  });

  it("asks for a customer, a title and a complete line in the contract's words", () => {
    expect(messages(values({ customerId: null, title: ' ', lineItems: [{ description: '', quantity: '1', rate: '0' }] }))).toEqual([
      'customerId: Please select a customer',
      'title: Title is required',
      'lineItems.0.description: Add at least one line',
    ]);
  });

  it('sends the complete lines with the default rates, the interval, no ending, and the discount only when given', () => {
    const body = bodyOf(
      values({ interval: '2', lineItems: [{ description: 'Mowing', quantity: '2', rate: '40' }, { description: '', quantity: '1', rate: '0' }] }),
      DEFAULT_RATE,
    );
    expect(body).toEqual({
      customerId: 4,
      workOrderId: null,
      title: 'Lawn care',
      notes: null,
      frequency: 'monthly',
      interval: 2,
      startDate: '2025-05-15',
      endDate: null,
      maxCount: null,
      dueDays: 30,
      sendEmail: true,
      discountType: null,
      discountValue: null,
      lineItems: [{ description: 'Mowing', quantity: '2', rate: '40', amount: '80.00', discountType: null, discountValue: null, taxRateIds: [7] }],
    });
    expect(createRecurringInvoiceSchema.safeParse(body).success).toBe(true);
  });

  it('checks the interval only where it counts, and sends 1 for quarterly and yearly schedules', () => {
    expect(messages(values({ interval: '' }))).toEqual(['interval: Every must be a whole number']);
    expect(messages(values({ frequency: 'weekly', interval: '0' }))).toEqual(['interval: Every must be at least 1']);
    expect(messages(values({ frequency: 'weekly', interval: '1.5' }))).toEqual(['interval: Every must be a whole number']);
    expect(bodyOf(values({ frequency: 'quarterly', interval: '' })).interval).toBe(1);
  });

  it('reads the ending chosen: a date on or after the start, or a count of invoices', () => {
    expect(messages(values({ ends: 'on_date', endDate: '' }))).toEqual(['endDate: End date must be a date']);
    expect(messages(values({ ends: 'on_date', endDate: '2025-05-14' }))).toEqual(['endDate: End date must be on or after the start date']);
    expect(messages(values({ ends: 'after_count', maxCount: '0' }))).toEqual(['maxCount: Count must be at least 1']);
    expect(bodyOf(values({ ends: 'on_date', endDate: '2025-12-31', maxCount: '3' }))).toMatchObject({ endDate: '2025-12-31', maxCount: null });
    expect(bodyOf(values({ ends: 'after_count', endDate: '2025-12-31', maxCount: '3' }))).toMatchObject({ endDate: null, maxCount: 3 });
    // An ending not chosen is not checked.
    expect(messages(values({ ends: 'never', endDate: 'x', maxCount: 'y' }))).toEqual([]);
  });

  it('checks due days and the discount by the contract', () => {
    expect(messages(values({ dueDays: '-1' }))).toEqual(['dueDays: Due days cannot be negative']);
    expect(messages(values({ discountValue: '120' }))).toEqual(['discountValue: A percent discount is at most 100']);
    expect(bodyOf(values({ discountType: 'amount', discountValue: '5' }))).toMatchObject({ discountType: 'amount', discountValue: '5.00' });
  });

  it('loads a saved schedule into the fields and sends it back the same, and Pause sends it whole with the status', () => {
    const saved: RecurringInvoice = {
      id: 3,
      organizationId: 1,
      customerId: 4,
      customerName: 'Ada',
      autoPay: false,
      workOrderId: null,
      title: 'Pool service',
      notes: 'Gate code 1234',
      lineItems: [{ description: 'Cleaning', quantity: '1.00', rate: '120.00', discountType: 'percent', discountValue: '10.00', taxRateIds: [] }],
      discountType: 'amount',
      discountValue: '5.00',
      frequency: 'weekly',
      interval: 2,
      startDate: '2025-05-01',
      endDate: null,
      maxCount: 12,
      dueDays: 14,
      sendEmail: false,
      status: 'active',
      nextDate: '2025-05-15',
      generatedCount: 1,
      total: '103.00',
      invoices: [],
      createdAt: '2025-05-01T00:00:00.000Z',
    };
    const loaded = recurringInvoiceValues(saved);
    expect(loaded).toMatchObject({ interval: '2', ends: 'after_count', maxCount: '12', dueDays: '14', discountValue: '5', notes: 'Gate code 1234' });
    expect(loaded.lineItems).toEqual([{ description: 'Cleaning', quantity: '1', rate: '120.00', discountType: 'percent', discountValue: '10', taxRateIds: [] }]);
    expect(bodyOf(loaded)).toMatchObject({
      frequency: 'weekly',
      interval: 2,
      maxCount: 12,
      dueDays: 14,
      sendEmail: false,
      discountType: 'amount',
      discountValue: '5.00',
      lineItems: [{ description: 'Cleaning', quantity: '1', rate: '120.00', discountType: 'percent', discountValue: '10.00', taxRateIds: [] }],
    });
    const paused = withStatus(saved, 'paused');
    expect(paused.status).toBe('paused');
    expect(updateRecurringInvoiceSchema.safeParse(paused).success).toBe(true);
  });
});
