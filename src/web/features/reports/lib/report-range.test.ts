import { describe, expect, it } from 'vitest';
import { customRangeError, describeRange, presetRange, reportQuery } from '@/features/reports/lib/report-range';

// 01:30 UTC on Mar 1 2024 (a leap year): still Feb 29 in the Americas, but the report's days are UTC days.
const NOW = new Date('2024-03-01T01:30:00.000Z');

describe('report date ranges', () => {
  it('ends the presets today (UTC), both days included', () => {
    expect(presetRange('last30', NOW)).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(presetRange('last90', NOW)).toEqual({ from: '2023-12-03', to: '2024-03-01' });
    expect(presetRange('thisYear', NOW)).toEqual({ from: '2024-01-01', to: '2024-03-01' });
    expect(presetRange('all', NOW)).toEqual({ from: null, to: null });
  });

  it('accepts a custom range only with both dates in order', () => {
    expect(customRangeError('2024-01-01', '2024-01-01')).toBeNull();
    expect(customRangeError('2024-01-02', '2024-01-01')).toBe('The end date must be on or after the start date');
    expect(customRangeError('', '2024-01-01')).toBe('Choose a start and an end date');
  });

  it('words the range and builds the query', () => {
    expect(describeRange({ from: '2024-01-31', to: '2024-03-01' })).toBe('Jan 31, 2024 - Mar 1, 2024 (UTC days)');
    expect(describeRange({ from: '2024-03-01', to: '2024-03-01' })).toBe('Mar 1, 2024 (UTC)');
    expect(describeRange({ from: null, to: null })).toBe('All time');
    expect(reportQuery({ from: '2024-01-31', to: '2024-03-01' }, null)).toBe('?from=2024-01-31&to=2024-03-01');
    expect(reportQuery({ from: null, to: null }, 7)).toBe('?organizationId=7');
    expect(reportQuery({ from: null, to: null }, null)).toBe('');
  });
});
