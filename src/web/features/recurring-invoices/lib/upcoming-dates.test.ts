import { describe, expect, it } from 'vitest';
import { upcomingDates } from './upcoming-dates';

const monthly = { frequency: 'monthly' as const, interval: 1, startDate: '2025-01-31', endDate: null, maxCount: null };

describe('upcoming invoice dates', () => {
  it('keeps the start day, or the last day of a shorter month', () => {
    expect(upcomingDates(monthly, 0, 3)).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
  });

  it('continues after the periods already billed', () => {
    expect(upcomingDates(monthly, 2, 2)).toEqual(['2025-03-31', '2025-04-30']);
  });

  it('stops at the end date and after the count', () => {
    expect(upcomingDates({ ...monthly, endDate: '2025-03-30' }, 0, 5)).toEqual(['2025-01-31', '2025-02-28']);
    expect(upcomingDates({ ...monthly, maxCount: 2 }, 1, 5)).toEqual(['2025-02-28']);
    expect(upcomingDates({ ...monthly, maxCount: 2 }, 2, 5)).toEqual([]);
  });

  it('steps every N weeks', () => {
    expect(upcomingDates({ ...monthly, frequency: 'weekly', interval: 2, startDate: '2025-05-01' }, 0, 3)).toEqual(['2025-05-01', '2025-05-15', '2025-05-29']);
  });
});
