import { describe, expect, it } from 'vitest';
import {
  addCustomTiming,
  addDays,
  bookingReady,
  DEFAULT_DAY_HOURS,
  assigneesLabel,
  busyFor,
  freeSlots,
  priceLabel,
  slotsForDate,
  splitWallClock,
  timeLabel,
  timeSlots,
  timingChoices,
  timingLabel,
  wallClockNow,
  weekDays,
  weekRangeLabel,
  weekStart,
} from './scheduling-logic';

describe('weeks', () => {
  it('start on the Sunday on or before the date', () => {
    expect(weekStart('2026-11-21')).toBe('2026-11-15'); // a Saturday
    expect(weekStart('2026-11-22')).toBe('2026-11-22'); // a Sunday
    expect(weekStart('2026-11-23')).toBe('2026-11-22');
  });
  it('have seven days across month and year ends', () => {
    expect(weekDays('2026-12-31')).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-08', 7)).toBe('2026-03-15'); // across a DST change, still whole days
  });
  it('label their range', () => {
    expect(weekRangeLabel('2026-12-27')).toBe('Dec 27 - Jan 2, 2027');
  });
});

describe('wall clock', () => {
  it("reads today in the organization's zone, not the browser's", () => {
    const instant = new Date('2026-11-22T03:30:00Z');
    expect(wallClockNow('America/New_York', instant)).toEqual({ date: '2026-11-21', time: '22:30' });
    expect(wallClockNow('Asia/Tokyo', instant)).toEqual({ date: '2026-11-22', time: '12:30' });
  });
  it('falls back to the default zone for an unknown one', () => {
    expect(wallClockNow('Nowhere/Land', new Date('2026-11-22T03:30:00Z')).date).toBe('2026-11-21');
  });
  it('splits the server value without a zone shift', () => {
    expect(splitWallClock('2026-11-23T09:15:00')).toEqual({ date: '2026-11-23', time: '09:15' });
  });
});

describe('15-minute slots', () => {
  it('run from the start up to, not including, the end', () => {
    const slots = timeSlots('09:00', '17:00');
    expect(slots).toHaveLength(32);
    expect(slots.slice(0, 3)).toEqual(['09:00', '09:15', '09:30']);
    expect(slots.at(-1)).toBe('16:45');
  });
  it("follow the weekday's hours and are empty on a disabled day", () => {
    const hours = { ...DEFAULT_DAY_HOURS, mondayStart: '10:30', mondayEnd: '11:30' };
    expect(slotsForDate('2026-11-23', hours)).toEqual(['10:30', '10:45', '11:00', '11:15']);
    expect(slotsForDate('2026-11-22', hours)).toEqual([]); // Sunday, disabled by default
    expect(slotsForDate('2026-11-23', null)).toHaveLength(32); // 9 to 5 before settings exist
  });
  it("keep an edited appointment's own time", () => {
    expect(slotsForDate('2026-11-22', null, '08:10')).toEqual(['08:10']);
  });
  it('leave out times overlapping a booked appointment for the length asked, also one running over from the day before', () => {
    const slots = timeSlots('09:00', '12:00');
    const busy = [
      { appointmentDate: '2026-11-23T10:00:00', duration: 60 },
      { appointmentDate: '2026-11-22T23:30:00', duration: 600 }, // until 09:30 on the 23rd
    ];
    expect(freeSlots('2026-11-23', slots, busy, 30)).toEqual(['09:30', '11:00', '11:15', '11:30', '11:45']);
    // A 60-minute visit cannot start at 09:30 (it would run into 10:00).
    expect(freeSlots('2026-11-23', slots, busy, 60)).toEqual(['11:00', '11:15', '11:30', '11:45']);
    // The edited appointment's own time stays.
    expect(freeSlots('2026-11-23', slots, busy, 60, '10:00')).toContain('10:00');
    expect(freeSlots('2026-11-23', slots, [], 60)).toEqual(slots);
  });
  it("widen both the booked appointment's time and the new one's by their buffers (docs/rules/team.md#buffers)", () => {
    const slots = timeSlots('08:00', '13:00');
    // Held 09:45 to 11:15.
    const busy = [{ appointmentDate: '2026-11-23T10:00:00', duration: 60, bufferBefore: 15, bufferAfter: 15 }];
    const free = freeSlots('2026-11-23', slots, busy, 60, null, { before: 15, after: 15 });
    // 08:30 holds 08:15 to 09:45 and 11:30 holds 11:15 to 12:45: they touch, they do not overlap.
    expect(free).toContain('08:30');
    expect(free).not.toContain('08:45');
    expect(free).not.toContain('11:15');
    expect(free).toContain('11:30');
    // Without buffers on either side, 09:00 and 11:00 fit.
    expect(freeSlots('2026-11-23', slots, [{ appointmentDate: '2026-11-23T10:00:00', duration: 60 }], 60)).toEqual(expect.arrayContaining(['09:00', '11:00']));
  });
  it("hold only the picked people's time: cancelled, unassigned, other people's and the edited appointment are left out", () => {
    const at = (id: number, people: number[], status = 'scheduled') => ({ id, status, appointmentDate: '2026-11-23T10:00:00', duration: 60, assignees: people.map((p) => ({ id: p, name: `P${p}` })) });
    const list = [at(1, [7]), at(2, [8]), at(3, []), at(4, [7], 'cancelled'), at(5, [7, 8])];
    expect(busyFor(list, [7]).map((a) => a.id)).toEqual([1, 5]);
    expect(busyFor(list, [8, 9]).map((a) => a.id)).toEqual([2, 5]);
    expect(busyFor(list, [7], 5).map((a) => a.id)).toEqual([1]);
    // Nobody picked: an unassigned appointment holds nobody's time, so every time is free.
    expect(busyFor(list, [])).toEqual([]);
  });
  it('name who is on an appointment', () => {
    expect(assigneesLabel([])).toBe('Unassigned');
    expect(assigneesLabel([{ name: 'Alex Admin' }, { name: 'Evan Employee' }])).toBe('Alex Admin, Evan Employee');
  });
  it('show in 12-hour form', () => {
    expect(timeLabel('00:05')).toBe('12:05 AM');
    expect(timeLabel('09:30')).toBe('9:30 AM');
    expect(timeLabel('12:00')).toBe('12:00 PM');
    expect(timeLabel('16:45')).toBe('4:45 PM');
  });
});

describe('reminder timings', () => {
  it('are labelled in hours under a day, else days', () => {
    expect(timingLabel(1)).toBe('1 hour');
    expect(timingLabel(12)).toBe('12 hours');
    expect(timingLabel(23)).toBe('23 hours');
    expect(timingLabel(24)).toBe('1 day');
    expect(timingLabel(168)).toBe('7 days');
    expect(timingLabel(36)).toBe('1.5 days');
  });
  it('refuse anything but a positive whole number of hours', () => {
    for (const raw of ['', '0', '-3', '2.5', 'abc', '1e2', '99999']) {
      expect(addCustomTiming([24], raw)).toEqual({ ok: false, title: 'Invalid Timing', description: 'Please enter a valid number of hours.' });
    }
  });
  it('refuse a duplicate', () => {
    expect(addCustomTiming([24, 48], '48')).toEqual({ ok: false, title: 'Timing Exists', description: 'This timing already exists in your custom timings.' });
  });
  it('stay ascending', () => {
    expect(addCustomTiming([24, 48], ' 3 ')).toEqual({ ok: true, timings: [3, 24, 48] });
    expect(addCustomTiming([24, 48], '100')).toEqual({ ok: true, timings: [24, 48, 100] });
  });
  it('offer the standard options plus the custom ones', () => {
    expect(timingChoices([3, 24])).toEqual([1, 2, 3, 4, 6, 12, 24, 48, 72, 168]);
  });
});

it('formats prices', () => {
  expect(priceLabel('1234.5')).toBe('$1,234.50');
  expect(priceLabel('75.00')).toBe('$75.00');
});

describe('Booking Status', () => {
  it('is Active only with settings and an active service; Setup Required otherwise; unknown while loading', () => {
    expect(bookingReady(true, 2)).toBe(true);
    expect(bookingReady(true, 0)).toBe(false);
    expect(bookingReady(false, 3)).toBe(false);
    expect(bookingReady(null, 3)).toBeNull();
    expect(bookingReady(true, null)).toBeNull();
  });
});
