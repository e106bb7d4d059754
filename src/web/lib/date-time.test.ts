import { describe, expect, it } from 'vitest';
import { joinInstant, TIME_OPTIONS, timeOptionsWith, toDateInput, toTimeInput } from './date-time';

describe('work order date and time fields', () => {
  it('offers 96 times in 15-minute steps, shown in 12-hour form', () => {
    expect(TIME_OPTIONS).toHaveLength(96);
    expect(TIME_OPTIONS[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(TIME_OPTIONS[36]).toEqual({ value: '09:00', label: '9:00 AM' });
    expect(TIME_OPTIONS[48]).toEqual({ value: '12:00', label: '12:00 PM' });
    expect(TIME_OPTIONS[68]).toEqual({ value: '17:00', label: '5:00 PM' });
    expect(TIME_OPTIONS[95]).toEqual({ value: '23:45', label: '11:45 PM' });
  });

  it('joins a date and a time into a UTC instant and splits it back', () => {
    const iso = joinInstant('2026-11-21', '17:00');
    expect(iso).toBe('2026-11-21T17:00:00.000Z');
    expect(toDateInput(iso)).toBe('2026-11-21');
    expect(toTimeInput(iso, '09:00')).toBe('17:00');
  });

  it('has no instant without a date, and defaults the time when none is stored', () => {
    expect(joinInstant('', '09:00')).toBeNull();
    expect(toDateInput(null)).toBe('');
    expect(toTimeInput(null, '09:00')).toBe('09:00');
  });

  it('keeps a stored time that is off the grid', () => {
    expect(timeOptionsWith('10:07')).toHaveLength(97);
    expect(timeOptionsWith('10:00')).toHaveLength(96);
  });
});
