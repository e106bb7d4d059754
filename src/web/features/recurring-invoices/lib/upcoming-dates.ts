// The next invoice dates a schedule being filled in will bill, from the contract's periodDate, so the form shows what
// "monthly from the 31st" means before it is saved (docs/rules/money-and-payments.md#recurring-invoices).
import { periodDate, type RecurringFrequency } from '@contracts/recurring-invoices';

export interface ScheduleToPreview {
  frequency: RecurringFrequency;
  interval: number;
  startDate: string;
  endDate: string | null;
  maxCount: number | null;
}

/**
 * Up to `count` dates from period `from` on (the periods a saved schedule has billed; 0 for a new one), stopping at
 * the end date or after `maxCount` invoices.
 */
export function upcomingDates(s: ScheduleToPreview, from: number, count: number): string[] {
  const dates: string[] = [];
  for (let k = from; dates.length < count; k++) {
    if (s.maxCount !== null && k >= s.maxCount) break;
    const date = periodDate(s, k);
    if (s.endDate && date > s.endDate) break;
    dates.push(date);
  }
  return dates;
}
