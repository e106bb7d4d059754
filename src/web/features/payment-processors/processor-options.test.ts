import { describe, expect, it } from 'vitest';
import {
  PROCESSOR_CAPABILITIES,
  PROCESSOR_CAPABILITY_LABELS,
  PROCESSOR_CONFIG_FIELDS,
  PROCESSOR_FEE_FIELDS,
  PROCESSOR_FEE_PLACEHOLDERS,
  PROCESSOR_FEE_STEP,
  PROCESSOR_TYPE_LABELS,
  PROCESSOR_TYPES,
  SECRET_MASK as CONTRACT_MASK,
} from '@contracts/payment-processors';
import { CAPABILITY_OPTIONS, CONFIG_FIELDS, FEE_OPTIONS, FEE_STEP, feeSummary, isMaskedValue, PROCESSOR_TYPE_OPTIONS, SECRET_MASK } from './processor-options';

describe('processor options (kept equal to the contract)', () => {
  it('offers the documented types with their labels', () => {
    expect(PROCESSOR_TYPE_OPTIONS.map((o) => o.value)).toEqual([...PROCESSOR_TYPES]);
    for (const o of PROCESSOR_TYPE_OPTIONS) expect(o.label).toBe(PROCESSOR_TYPE_LABELS[o.value]);
    expect(PROCESSOR_TYPE_OPTIONS.map((o) => o.label)).toEqual(['Stripe', 'Square', 'Manual Payments']);
  });

  it('offers the 8 capability ids in order', () => {
    expect(CAPABILITY_OPTIONS.map((o) => o.value)).toEqual([...PROCESSOR_CAPABILITIES]);
    for (const o of CAPABILITY_OPTIONS) expect(o.label).toBe(PROCESSOR_CAPABILITY_LABELS[o.value]);
  });

  it('has the four fees with the documented placeholders and step', () => {
    expect(FEE_OPTIONS.map((o) => o.value)).toEqual([...PROCESSOR_FEE_FIELDS]);
    expect(FEE_OPTIONS[0].placeholder).toBe(PROCESSOR_FEE_PLACEHOLDERS.transactionFee);
    expect(FEE_OPTIONS[1].placeholder).toBe(PROCESSOR_FEE_PLACEHOLDERS.fixedFee);
    expect(FEE_STEP).toBe(PROCESSOR_FEE_STEP);
  });

  it('shows the same configuration fields and mask as the server uses', () => {
    expect(CONFIG_FIELDS).toEqual(PROCESSOR_CONFIG_FIELDS);
    expect(SECRET_MASK).toBe(CONTRACT_MASK);
    expect(isMaskedValue('••••lder')).toBe(true);
    expect(isMaskedValue('sk_test_x')).toBe(false);
  });

  it('summarises fees', () => {
    expect(feeSummary({ transactionFee: '2.90', fixedFee: '0.30', monthlyFee: null, setupFee: null })).toBe('2.90% + $0.30 per payment');
    expect(feeSummary({ transactionFee: null, fixedFee: null, monthlyFee: '25.00', setupFee: '99.00' })).toBe('$25.00/month · $99.00 setup');
    expect(feeSummary({ transactionFee: null, fixedFee: null, monthlyFee: null, setupFee: null })).toBe('');
  });
});
