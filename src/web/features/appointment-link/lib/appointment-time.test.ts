import { describe, expect, it } from 'vitest';
import { addDays, closedDayReason, closedWeekdaysNote, firstOpenDay, lastBookableDay, longDate, splitWallClock, timeAfter, todayIn } from './appointment-time';

// Open Monday to Friday, two weeks ahead.
const weekdays = { advanceBookingDays: 14, mondayEnabled: true, tuesdayEnabled: true, wednesdayEnabled: true, thursdayEnabled: true, fridayEnabled: true };
const today = '2026-05-13'; // a Wednesday

describe('appointment link dates', () => {
  it("reads today on the organization's clock, not the browser's", () => {
    const lateEvening = new Date('2026-05-14T03:30:00Z');
    expect(todayIn('America/Chicago', lateEvening)).toBe('2026-05-13');
    expect(todayIn('Europe/Berlin', lateEvening)).toBe('2026-05-14');
  });

  it('writes days and times as the customer reads them', () => {
    expect(longDate('2026-11-24')).toBe('Tuesday, November 24, 2026');
    expect(splitWallClock('2026-11-24T14:30:00')).toEqual({ date: '2026-11-24', time: '14:30' });
    expect(timeAfter('09:30', 90)).toBe('11:00');
    expect(timeAfter('23:30', 60)).toBe('00:30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('offers the days the booking page offers, and says why not on the others', () => {
    expect(closedDayReason('2026-05-14', today, weekdays)).toBeNull();
    expect(closedDayReason(today, today, weekdays)).toBeNull();
    expect(closedDayReason('2026-05-12', today, weekdays)).toBe('That day has passed. Please choose a later date.');
    expect(closedDayReason('2026-05-16', today, weekdays)).toBe('There are no appointments on Saturdays. Please choose another date.');
    expect(lastBookableDay(today, weekdays)).toBe('2026-05-27');
    expect(closedDayReason('2026-05-27', today, weekdays)).toBeNull();
    expect(closedDayReason('2026-05-28', today, weekdays)).toBe('Times can be booked up to 14 days ahead. Please choose an earlier date.');
    expect(closedDayReason('', today, weekdays)).toBe('Please choose a date.');
  });

  it('starts from the first open day', () => {
    expect(firstOpenDay('2026-05-16', today, weekdays)).toBe('2026-05-18');
    expect(firstOpenDay('2026-05-01', today, weekdays)).toBe(today);
    expect(firstOpenDay(today, today, { advanceBookingDays: 30 })).toBeNull();
  });

  it('names the closed weekdays, since a date field cannot grey them out', () => {
    expect(closedWeekdaysNote(weekdays)).toBe('No appointments on Saturdays or Sundays.');
    expect(closedWeekdaysNote({ ...weekdays, saturdayEnabled: true })).toBe('No appointments on Sundays.');
    expect(closedWeekdaysNote({ ...weekdays, saturdayEnabled: true, sundayEnabled: true })).toBeNull();
  });
});
