import { describe, expect, it } from 'vitest';
import { depositCents } from './estimates';

describe('depositCents (docs/rules/quote-approval.md#deposits)', () => {
  it('takes a percent of the total in cents, rounding half away from zero', () => {
    expect(depositCents(130_999, 'percent', '25.00')).toBe(32_750); // 327.4975
    expect(depositCents(10_001, 'percent', '33.33')).toBe(3_333); // 33.333333
    expect(depositCents(1, 'percent', '50.00')).toBe(1); // half a cent rounds up
    expect(depositCents(3, 'percent', '50.00')).toBe(2); // 1.5 cents
    expect(depositCents(99_999_999, 'percent', '12.50')).toBe(12_500_000); // 12,499,999.875
    expect(depositCents(12_345, 'percent', '100.00')).toBe(12_345);
  });

  it('caps a fixed deposit at the total and is 0 without one', () => {
    expect(depositCents(12_000, 'fixed', '500.00')).toBe(12_000);
    expect(depositCents(12_000, 'fixed', '50.00')).toBe(5_000);
    expect(depositCents(12_000, null, '50.00')).toBe(0);
    expect(depositCents(12_000, 'percent', null)).toBe(0);
    expect(depositCents(0, 'fixed', '50.00')).toBe(0);
  });
});
