import { describe, expect, it } from 'vitest';
import { estimateFormSchema, estimateTotals, newEstimateValues, toEstimatePayload, type EstimateFormValues } from './estimate-form-schema';

const values = (patch: Partial<EstimateFormValues> = {}): EstimateFormValues => ({
  ...newEstimateValues(),
  customerId: 3,
  title: 'Kitchen remodel',
  lineItems: [{ description: 'Cabinets', quantity: '2', rate: '199.99' }],
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
    const raw = values({ tax: '10', validUntil: '2026-12-31' });
    const payload = toEstimatePayload(estimateFormSchema.parse(raw), raw);
    expect(payload).toMatchObject({ subtotal: '399.98', tax: '10.00', total: '409.98', validUntil: '2026-12-31', status: 'draft' });
    expect(JSON.parse(payload.lineItems as string)).toEqual([{ description: 'Cabinets', quantity: '2.00', rate: '199.99', amount: '399.98' }]);
  });
});
