import { describe, expect, it } from 'vitest';
import { newCustomersCaption, overdueCaption, percentCaption, stockLabel, unitsLabel } from '@/features/dashboard/growth-captions';

describe('dashboard captions', () => {
  it('words a percent change against last month', () => {
    expect(percentCaption(12, 7)).toBe('+12% from last month');
    expect(percentCaption(-5, '100.00')).toBe('-5% from last month');
    expect(percentCaption(0, 3)).toBe('0% from last month');
  });

  it("says 'New this month' without a base, and nothing when there is nothing", () => {
    expect(percentCaption(null, '250.00')).toBe('New this month');
    expect(percentCaption(null, 4)).toBe('New this month');
    expect(percentCaption(null, '0.00')).toBeNull();
    expect(percentCaption(null, 0)).toBeNull();
  });

  it('counts new customers and overdue invoices', () => {
    expect(newCustomersCaption(5)).toBe('+5 this month');
    expect(overdueCaption(2)).toBe('2 overdue');
  });

  it('labels stock alerts', () => {
    expect(stockLabel(0)).toBe('Out of stock');
    expect(stockLabel(3)).toBe('Low stock');
    expect(unitsLabel(1)).toBe('1 unit');
    expect(unitsLabel(3)).toBe('3 units');
  });
});
