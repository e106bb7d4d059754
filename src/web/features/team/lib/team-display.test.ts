import { describe, expect, it } from 'vitest';
import { hoursParts, hoursSummary, localDateTimeInput, timeOffRange } from '@/features/team/lib/team-display';

const off = { enabled: false, start: '09:00', end: '17:00' };
const day = (start: string, end: string) => ({ enabled: true, start, end });

describe('hoursSummary', () => {
  it('reads a working week from Monday, with the days in a row as a range', () => {
    const week = [off, day('09:00', '17:00'), day('09:00', '17:00'), day('09:00', '17:00'), day('09:00', '17:00'), day('09:00', '17:00'), off];
    expect(hoursSummary(week)).toBe('Mon–Fri 9:00 AM–5:00 PM');
  });

  it('names days apart and pairs, and gives other times their own part', () => {
    const week = [day('10:00', '14:00'), day('08:30', '16:00'), off, day('08:30', '16:00'), off, day('08:30', '16:00'), day('10:00', '14:00:00')];
    expect(hoursSummary(week)).toBe('Mon, Wed, Fri 8:30 AM–4:00 PM; Sat, Sun 10:00 AM–2:00 PM');
    expect(hoursParts(week)).toEqual(['Mon, Wed, Fri 8:30 AM–4:00 PM', 'Sat, Sun 10:00 AM–2:00 PM']);
  });

  it('says when nobody works any day', () => {
    expect(hoursSummary(Array.from({ length: 7 }, () => off))).toBe('No working days');
  });
});

describe('timeOffRange', () => {
  it('gives one day once, and both days of a longer absence, in 12-hour time', () => {
    expect(timeOffRange({ startsAt: '2026-06-01T09:00:00', endsAt: '2026-06-01T13:30:00' })).toBe('Mon, Jun 1, 2026, 9:00 AM – 1:30 PM');
    expect(timeOffRange({ startsAt: '2026-12-31T00:00:00', endsAt: '2027-01-02T12:00:00' })).toBe('Thu, Dec 31, 2026, 12:00 AM – Sat, Jan 2, 2027, 12:00 PM');
  });
});

describe('localDateTimeInput', () => {
  it('is the next day at the time, as a datetime-local input holds it', () => {
    expect(localDateTimeInput(1, '09:00', new Date(2026, 0, 31, 22, 15))).toBe('2026-02-01T09:00');
  });
});
