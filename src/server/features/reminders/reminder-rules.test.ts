import { describe, expect, it } from 'vitest';
import { fillTemplate, reminderVariables } from './reminder-message';
import { planReminders, reminderTimings } from './reminder-plan';
import { formatWallClockDate, formatWallClockTime, resolveTimeZone, wallClockToInstant } from '../../platform/wall-clock';

describe('wall-clock appointment times', () => {
  it('uses the offset in force on the day, either side of a DST change', () => {
    // PDT (UTC-7) begins 2026-03-08 02:00 in Los Angeles; the day before is still PST (UTC-8).
    expect(wallClockToInstant('2026-03-09T09:00:00', 'America/Los_Angeles').toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(wallClockToInstant('2026-03-07T09:00:00', 'America/Los_Angeles').toISOString()).toBe('2026-03-07T17:00:00.000Z');
    // PostgreSQL's text form of timestamp without time zone.
    expect(wallClockToInstant('2026-07-01 09:30:00', 'America/New_York').toISOString()).toBe('2026-07-01T13:30:00.000Z');
    expect(wallClockToInstant('2026-12-01 09:30', 'America/New_York').toISOString()).toBe('2026-12-01T14:30:00.000Z');
    expect(wallClockToInstant('2026-06-01T09:00:00', 'UTC').toISOString()).toBe('2026-06-01T09:00:00.000Z');
  });

  it('moves a skipped time forward and takes the first of a repeated one', () => {
    // 02:30 does not exist on 2026-03-08 in Los Angeles: it means 03:30 PDT.
    expect(wallClockToInstant('2026-03-08T02:30:00', 'America/Los_Angeles').toISOString()).toBe('2026-03-08T10:30:00.000Z');
    // 01:30 happens twice on 2026-11-01: the first time is still PDT.
    expect(wallClockToInstant('2026-11-01T01:30:00', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(wallClockToInstant('2026-11-01T03:00:00', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T11:00:00.000Z');
  });

  it('falls back to America/New_York for a missing or unknown zone', () => {
    expect(resolveTimeZone(null)).toBe('America/New_York');
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBe('America/New_York');
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('formats the date and time as the app shows them', () => {
    expect(formatWallClockDate('2026-11-21T09:00:00')).toBe('Nov 21, 2026');
    expect(formatWallClockTime('2026-11-21T09:00:00')).toBe('9:00 AM');
    expect(formatWallClockTime('2026-11-21 00:05:00')).toBe('12:05 AM');
    expect(formatWallClockTime('2026-11-21 12:00:00')).toBe('12:00 PM');
    expect(formatWallClockTime('2026-11-21 17:45:00')).toBe('5:45 PM');
  });
});

describe('reminder plan and text', () => {
  const settings = { isEnabled: true, emailEnabled: true, smsEnabled: true, defaultTiming: 24, customTimings: [48, 2, 48] };

  it('takes the default timing and the custom ones once each, 24 when there are none', () => {
    expect(reminderTimings(settings)).toEqual([2, 24, 48]);
    expect(reminderTimings({ defaultTiming: 0, customTimings: [] })).toEqual([24]);
  });

  it('plans per channel the appointment can be reached on and leaves out past times', () => {
    const at = new Date('2027-01-10T15:00:00Z');
    const now = new Date('2027-01-09T00:00:00Z');
    const plan = planReminders(settings, { email: 'a@example.com', phone: '' }, at, now);
    expect(plan.map((p) => [p.reminderType, p.reminderTiming, p.dueAt.toISOString()])).toEqual([
      ['email', 2, '2027-01-10T13:00:00.000Z'],
      ['email', 24, '2027-01-09T15:00:00.000Z'],
    ]);
    expect(planReminders({ ...settings, isEnabled: false }, { email: 'a@example.com', phone: '555' }, at, now)).toEqual([]);
  });

  it('fills both {name} and {{name}} markers and leaves unknown ones', () => {
    const vars = reminderVariables({ organizationName: 'Acme', appointmentDate: '2026-11-21T09:00:00', serviceName: 'Lawn care', customerName: 'Zoë' });
    expect(fillTemplate('{{customerName}}: {serviceName} at {organizationName}, {appointmentDate} {{ appointmentTime }} {other}', vars)).toBe(
      'Zoë: Lawn care at Acme, Nov 21, 2026 9:00 AM {other}',
    );
  });
});
