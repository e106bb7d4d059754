import { describe, expect, it } from 'vitest';
import { SCHEDULING_DEFAULTS } from '@contracts/scheduling';
import { addDays, firstEnabledDay, isDayDisabled, longDate, monthGrid, nextEnabledDay, shiftMonth, todayIn, weekdayOf } from './calendar';
import { durationLabel, from12h, label12h, localDateTime, timeZoneLabel } from '@/lib/time-labels';
import { errorsFromIssues, validateBooking } from './validate-booking';
import { chosenStaff, performersOf } from './lib/performers';

const weekdaysOnly = {
  advanceBookingDays: 30,
  sundayEnabled: false,
  mondayEnabled: true,
  tuesdayEnabled: true,
  wednesdayEnabled: true,
  thursdayEnabled: true,
  fridayEnabled: true,
  saturdayEnabled: false,
};

describe('month grid', () => {
  it('starts weeks on Sunday and pads outside days with null', () => {
    // November 2026 starts on a Sunday and has 30 days.
    const nov = monthGrid({ year: 2026, month: 10 });
    expect(nov[0][0]).toBe('2026-11-01');
    expect(nov).toHaveLength(5);
    expect(nov[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    // February 2028 (leap year) starts on a Tuesday.
    const feb = monthGrid({ year: 2028, month: 1 });
    expect(feb[0]).toEqual([null, null, '2028-02-01', '2028-02-02', '2028-02-03', '2028-02-04', '2028-02-05']);
    expect(feb.flat().filter(Boolean)).toHaveLength(29);
  });

  it('shifts months across years', () => {
    expect(shiftMonth({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(shiftMonth({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
  });

  it('does date arithmetic on the calendar, not the browser clock', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(longDate('2026-11-24')).toBe('Tuesday, November 24, 2026');
  });
});

describe('disabled days (docs/rules/scheduling.md#calendar)', () => {
  const today = '2026-11-23'; // a Monday

  it('disables past days, days of weeks that are not enabled and days past advanceBookingDays', () => {
    expect(isDayDisabled('2026-11-22', today, { ...weekdaysOnly, sundayEnabled: true })).toBe(true);
    expect(isDayDisabled(today, today, weekdaysOnly)).toBe(false);
    expect(isDayDisabled('2026-11-28', today, weekdaysOnly)).toBe(true);
    expect(isDayDisabled('2026-12-23', today, weekdaysOnly)).toBe(false);
    expect(isDayDisabled('2026-12-24', today, weekdaysOnly)).toBe(true);
  });

  it('moves focus past disabled days and gives up after 365 tries', () => {
    const disabled = (d: string) => isDayDisabled(d, today, weekdaysOnly);
    expect(nextEnabledDay('2026-11-27', 1, disabled)).toBe('2026-11-30');
    expect(nextEnabledDay('2026-11-30', -1, disabled)).toBe('2026-11-27');
    expect(nextEnabledDay('2026-11-23', -1, disabled)).toBeNull();
    expect(firstEnabledDay('2026-11-28', disabled)).toBe('2026-11-30');
    let calls = 0;
    expect(nextEnabledDay('2026-01-01', 1, () => (calls++, true))).toBeNull();
    expect(calls).toBe(365);
  });

  it("takes today from the organization's time zone", () => {
    const now = new Date('2026-11-23T03:30:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-11-22');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-11-23');
  });
});

describe('slot times', () => {
  it('shows 12-hour AM/PM labels', () => {
    expect(label12h('00:00')).toBe('12:00 AM');
    expect(label12h('09:30')).toBe('9:30 AM');
    expect(label12h('12:00')).toBe('12:00 PM');
    expect(label12h('17:30')).toBe('5:30 PM');
    expect(from12h('5:30 PM')).toBe('17:30');
    expect(from12h('12:00 AM')).toBe('00:00');
    expect(from12h('13:00 PM')).toBeNull();
  });

  it('sends a 24-hour local date-time with zero seconds', () => {
    expect(localDateTime('2026-11-24', '14:30')).toBe('2026-11-24T14:30:00');
    expect(localDateTime('2026-11-24', from12h('9:00 AM')!)).toBe('2026-11-24T09:00:00');
  });

  it('names the time zone', () => {
    expect(timeZoneLabel(SCHEDULING_DEFAULTS.timeZone, new Date('2026-01-15T12:00:00Z'))).toBe('America/New York (EST)');
    expect(timeZoneLabel('Not/AZone')).toBe('Not/AZone');
    expect(durationLabel(60)).toBe('60 minutes');
  });
});

describe('booking form checks (docs/rules/scheduling.md#booking-form)', () => {
  const filled = { customerName: 'Ana', customerEmail: 'ana@example.com', customerPhone: '', notes: '' };

  it("uses the server's messages and wants a phone only when requirePhone is set", () => {
    expect(validateBooking(filled, false)).toEqual({});
    expect(validateBooking(filled, true)).toEqual({ customerPhone: 'Phone is required' });
    expect(validateBooking({ ...filled, customerName: ' ', customerEmail: 'ana@' }, false)).toEqual({
      customerName: 'Name is required',
      customerEmail: 'Valid email is required',
    });
    expect(validateBooking({ ...filled, customerPhone: '(555) 123-4567' }, true)).toEqual({});
  });

  it("maps the server's issues onto the fields", () => {
    expect(errorsFromIssues([{ path: 'customerPhone', message: 'Phone is required' }, { path: ['appointmentDate'], message: 'x' }])).toEqual({
      customerPhone: 'Phone is required',
    });
  });
});

describe('choosing a person (docs/rules/team.md#online-booking)', () => {
  const staff = [
    { id: 7, name: 'Dana R.', serviceIds: [1, 2] },
    { id: 8, name: 'Eli S.', serviceIds: [2] },
  ];
  const allowed = { settings: { allowStaffChoice: true }, staff };

  it('offers only those who perform the chosen service, and nobody unless the organization allows choosing', () => {
    expect(performersOf(allowed, 1).map((p) => p.name)).toEqual(['Dana R.']);
    expect(performersOf(allowed, 2).map((p) => p.name)).toEqual(['Dana R.', 'Eli S.']);
    expect(performersOf(allowed, 3)).toEqual([]);
    expect(performersOf(allowed, null)).toEqual([]);
    expect(performersOf({ settings: { allowStaffChoice: false }, staff }, 2)).toEqual([]);
  });

  it('books the chosen person, or sends no staffId for any available', () => {
    expect(chosenStaff(staff, 8)).toEqual({ staffId: 8 });
    expect(chosenStaff(staff, null)).toEqual({});
    // Someone who does not perform the service (the service changed) is not sent.
    expect(chosenStaff(performersOf(allowed, 1), 8)).toEqual({});
  });
});
