import { describe, expect, it } from 'vitest';
import { presetPeriod, todayIn } from '@/features/accounting/lib/accounting-period';

describe('accounting periods', () => {
  it("counts months in the organization's zone: 02:00 UTC on Mar 1 is still February in New York", () => {
    const now = new Date('2026-03-01T02:00:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-02-28');
    expect(presetPeriod('lastMonth', 'America/New_York', now)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(presetPeriod('lastMonth', 'UTC', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('thisMonth', 'America/New_York', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('goes back over a year end', () => {
    expect(presetPeriod('lastMonth', 'UTC', new Date('2027-01-10T12:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});
